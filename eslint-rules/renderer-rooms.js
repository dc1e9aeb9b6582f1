// Keeps the renderer's rooms in the order of docs/architecture.md: a room imports only the rooms below it,
// and a feature never imports another feature (what two features share lives in tool-call/, store/ or ui/).
import path from 'node:path';

const ROOT = 'renderer/src/';

/** room -> rooms it may import, besides itself. */
const BELOW = {
  app: ['features', 'tool-call', 'store', 'ui', 'i18n', 'hooks', 'transport'],
  features: ['tool-call', 'store', 'ui', 'i18n', 'hooks'],
  'tool-call': ['store', 'ui', 'i18n', 'hooks'],
  store: ['ui', 'i18n'],
  ui: ['i18n', 'hooks'],
  i18n: [],
  hooks: [],
  transport: [],
  // Fakes for tests only: they may mount the whole app with its stores, as a test does.
  testing: ['app', 'store', 'i18n'],
};

/** A test may also mount the whole app and use the fakes. */
const TEST_EXTRA = ['app', 'testing'];

/** The room of a repo-relative path under renderer/src, e.g. `features/queue` or `store`; null elsewhere. */
function roomOf(rel) {
  if (!rel.startsWith(ROOT)) return null;
  const parts = rel.slice(ROOT.length).split('/');
  if (parts.length < 2) return null;
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

const kindOf = (room) => room.split('/')[0];

export default {
  meta: {
    type: 'problem',
    docs: { description: "Keep the renderer's rooms in their order; features do not import each other" },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = roomOf(file);
    if (!from) return {};
    const isTest = /\.test\.tsx?$/.test(file);

    function check(node, spec) {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      const to = roomOf(target);
      if (!to || to === from) return;
      const allowed = [...(BELOW[kindOf(from)] ?? []), ...(isTest ? TEST_EXTRA : [])];
      if (kindOf(to) === 'features' && kindOf(from) === 'features') {
        context.report({
          node,
          message: `${from} may not import ${to} (${spec}): put what both need in tool-call/, store/ or ui/.`,
        });
      } else if (!allowed.includes(kindOf(to))) {
        context.report({
          node,
          message: `renderer/src/${from} may not import ${to} (${spec}); see the renderer rooms in docs/architecture.md.`,
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
