// Enforces the layer table of docs/architecture.md: which top-level folder may import which, and where
// `electron` and Node's built-ins may appear. Relative imports are resolved against the importing file, so
// `../../main/x` is judged by where it lands, not by how it is spelled.
import { builtinModules } from 'node:module';
import path from 'node:path';

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** layer -> layers it may import (itself included). */
const ALLOWED = {
  engine: ['engine'],
  common: ['common', 'engine'],
  main: ['main', 'common', 'engine', 'files'],
  preload: ['preload', 'common'],
  renderer: ['renderer', 'common', 'engine'],
  client: ['client', 'common', 'engine', 'files'],
  files: ['files', 'common'],
};

/**
 * main/ room -> the other main/ rooms it may import (its own folder is always allowed). A room missing here
 * is refused everywhere until it is given its place. The order runs from the shells (app, headless) through
 * the composition root (core) down to rooms that import no other room.
 */
const MAIN_ROOMS = {
  app: ['core', 'console', 'web', 'tray', 'notify', 'registry', 'history', 'secrets'],
  headless: ['core', 'secrets'],
  core: [
    'console',
    'web',
    'server',
    'bridge',
    'notify',
    'phone',
    'rules',
    'history',
    'registry',
    'secrets',
    'settings',
    'classifier',
    'telemetry',
  ],
  web: ['console', 'server', 'secrets'],
  console: ['rules', 'history', 'preview', 'registry'],
  tray: ['notify'],
  phone: ['notify', 'registry', 'secrets', 'settings'],
  notify: ['registry', 'history'],
  bridge: ['registry'],
  server: ['secrets'],
  classifier: ['registry', 'secrets', 'settings'],
  telemetry: ['server', 'history'],
  rules: ['registry'],
  registry: ['history'],
  history: ['settings'],
  preview: [],
  settings: [],
  secrets: [],
};

/**
 * client/ room -> the other client/ rooms it may import, in the same way. The lean hook imports no other
 * room, so nothing heavier can reach its bundle through one; the SDK finds the console as the hook does.
 */
const CLIENT_ROOMS = {
  cli: ['acp', 'claude', 'codex', 'copilot', 'opencode', 'config-files', 'sdk', 'hook'],
  acp: ['sdk'],
  claude: ['config-files', 'hook'],
  codex: ['config-files', 'hook'],
  copilot: ['config-files', 'hook'],
  // The OpenCode plugin runs inside OpenCode's own runtime: the lean hook's socket, nothing heavier.
  opencode: ['config-files', 'hook'],
  'config-files': ['hook'],
  sdk: ['hook'],
  hook: [],
};

/**
 * engine/ room -> the other engine/ rooms it may import. A file at engine/'s top is a room of its own
 * (`types`, `decision`, `index`, `bash-support`). From the plain vocabulary (types, paths, explain's phrases)
 * up through the rule model (rules), the context, the tools' checks and the classifier to the pipeline,
 * then what runs the pipeline (review: listings, warnings, a rule alone) and the entry points. Most rooms
 * stand over the one below them and may import all it may, written `'...room'`.
 */
const ENGINE_ROOMS = {
  index: ['...review'],
  node: ['bash-support', '...review'],
  testing: ['pipeline', 'tools', 'decision', 'bash', '...context'],
  'bash-support': ['tools', 'bash'],
  review: ['...pipeline'],
  pipeline: ['...classifier'],
  classifier: ['...tools'],
  tools: ['decision', 'safety', 'bash', '...context'],
  context: ['...rules'],
  decision: ['rules', 'explain', 'types'],
  rules: ['...matchers'],
  safety: ['explain', 'paths', 'types'],
  bash: ['explain', 'paths', 'types'],
  matchers: ['explain', 'paths', 'types'],
  explain: ['types'],
  paths: [],
  types: [],
};

/** A room table with each `'...room'` replaced by that room and every room it may import. */
function spelledOut(rooms) {
  const spell = (list) =>
    list.flatMap((entry) =>
      entry.startsWith('...') ? [entry.slice(3), ...spell(rooms[entry.slice(3)])] : [entry],
    );
  return Object.fromEntries(Object.entries(rooms).map(([room, list]) => [room, spell(list)]));
}

/**
 * The layers whose rooms are ordered. engine/'s tests may reach any of its rooms: they run a low room
 * through the real parser (node/) and the test builders (testing/), and explain's phrases through the
 * pipeline that says them.
 */
const ROOMS = {
  main: { rooms: spelledOut(MAIN_ROOMS), testsToo: true },
  client: { rooms: spelledOut(CLIENT_ROOMS), testsToo: true },
  engine: { rooms: spelledOut(ENGINE_ROOMS), testsToo: false },
};

/** A file's room inside its layer: its folder there, or for a file at the layer's top, its name. */
function roomOf(rel) {
  const parts = rel.split('/');
  return parts.length > 2 ? parts[1] : (parts[1] ?? 'index').replace(/\.[cm]?[jt]sx?$/, '');
}

/** Bare packages refused in a folder (repo-relative prefix), tests included unless `testsToo` is false. */
const REFUSED_PACKAGES = [
  {
    folder: 'renderer/',
    packages: ['better-sqlite3'],
    why: 'the renderer reads history through the console',
  },
  {
    folder: 'client/hook/',
    packages: ['ws', 'zod'],
    testsToo: false,
    why: 'the lean hook starts in every agent tool call, and these add tens of milliseconds to each spawn',
  },
];

/**
 * The only engine files importable from outside engine/, so its inside can change freely: engine/index.ts
 * (pure, safe for the renderer), engine/node/index.ts (what needs Node) and engine/types.ts (plain
 * constants, which the hook and the wire protocol take alone: through engine/index.ts the hook's bundle
 * doubled, from 35 to 70 KB).
 */
const ENGINE_ENTRY_POINTS = new Set([
  'engine',
  'engine/index',
  'engine/node',
  'engine/node/index',
  'engine/types',
]);

/** Folders (repo-relative prefixes) that may import `electron`. */
const ELECTRON_ALLOWED = ['main/app/', 'preload/'];
/** Folders that run in a browser or must stay portable, so Node's built-ins are refused there. */
const NO_NODE = ['renderer/', 'common/', 'preload/', 'engine/'];
/** Exceptions to NO_NODE: the engine's file loaders live apart from its pure core. */
const NODE_EXCEPTIONS = ['engine/node/'];

function layerOf(rel) {
  const top = rel.split('/')[0];
  return Object.hasOwn(ALLOWED, top) ? top : null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports inside the layer boundaries of docs/architecture.md' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = layerOf(file);
    const isTestish = /\.test\.tsx?$/.test(file);

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      if (spec === 'electron' || spec.startsWith('electron/')) {
        if (!ELECTRON_ALLOWED.some((p) => file.startsWith(p)) || isTestish) {
          if (!(isTestish && file.startsWith('main/app/'))) {
            context.report({
              node,
              message: `Only main/app/ and preload/ may import electron (found in ${file}).`,
            });
          }
        }
        return;
      }
      if (NODE_BUILTINS.has(spec)) {
        if (
          NO_NODE.some((p) => file.startsWith(p)) &&
          !NODE_EXCEPTIONS.some((p) => file.startsWith(p)) &&
          !isTestish
        ) {
          context.report({ node, message: `${file} must stay free of Node built-ins (imported ${spec}).` });
        }
        return;
      }
      if (!spec.startsWith('.')) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        for (const refused of REFUSED_PACKAGES) {
          if (!file.startsWith(refused.folder) || (isTestish && refused.testsToo === false)) continue;
          if (refused.packages.includes(name))
            context.report({
              node,
              message: `${refused.folder} may not import ${name}: ${refused.why}.`,
            });
        }
        return;
      }
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      const to = layerOf(target);
      if (from && to && !ALLOWED[from].includes(to)) {
        context.report({
          node,
          message: `${from}/ may not import ${to}/ (${spec}); see docs/architecture.md.`,
        });
      }
      const ordered = from && from === to && Object.hasOwn(ROOMS, from) ? ROOMS[from] : undefined;
      if (ordered && (ordered.testsToo || !isTestish)) {
        const fromRoom = roomOf(file);
        const toRoom = roomOf(target);
        if (fromRoom !== toRoom && !(ordered.rooms[fromRoom] ?? []).includes(toRoom)) {
          context.report({
            node,
            message: `${from}/${fromRoom}/ may not import ${from}/${toRoom}/ (${spec}); see the room order in docs/architecture.md.`,
          });
        }
      }
      if (
        !file.startsWith('engine/') &&
        target.startsWith('engine/') &&
        !ENGINE_ENTRY_POINTS.has(target.replace(/\.[cm]?[jt]sx?$/, ''))
      ) {
        context.report({
          node,
          message: `${file} may import the engine only through engine/index.ts, engine/node/index.ts or engine/types.ts, not ${target}.`,
        });
      }
      if (from === 'renderer' && (target === 'engine/node' || target.startsWith('engine/node/'))) {
        context.report({
          node,
          message: `renderer/ may use only the engine's pure helpers, not engine/node/ (${spec}).`,
        });
      }
    }

    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
      CallExpression: (n) => {
        if (
          n.callee.type === 'Identifier' &&
          n.callee.name === 'require' &&
          n.arguments[0]?.type === 'Literal'
        ) {
          check(n, n.arguments[0].value);
        }
      },
    };
  },
};
