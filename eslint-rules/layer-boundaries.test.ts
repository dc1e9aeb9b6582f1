import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './layer-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const at = (file: string) => path.join(process.cwd(), file);
const code = (spec: string) => `import x from '${spec}';`;

/** One case per arrow: `<layer>/<room>/x.ts` importing `../<room>/y`, for every room each room lists. */
function arrows(layer: string, rooms: Record<string, readonly string[]>) {
  return Object.entries(rooms).flatMap(([from, targets]) =>
    targets.map((to) => ({
      layer,
      from,
      to,
      filename: at(`${layer}/${from}/x.ts`),
      code: code(`../${to}/y`),
    })),
  );
}

/** Every arrow the client's rooms may not draw: each would let a lower room depend on a higher one. */
const clientForbidden = arrows('client', {
  hook: ['sdk', 'config-files', 'claude', 'codex', 'acp', 'cli'],
  sdk: ['acp', 'cli', 'claude', 'codex', 'config-files'],
  acp: ['hook', 'cli', 'claude', 'codex', 'config-files'],
  'config-files': ['claude', 'codex', 'cli', 'sdk', 'acp'],
  claude: ['codex', 'cli', 'sdk', 'acp'],
  codex: ['claude', 'cli', 'sdk', 'acp'],
});
/**
 * engine/'s rooms from the top down; rooms on one line are side by side. Every arrow up is forbidden, and
 * so is every arrow between rooms side by side.
 */
const ENGINE_LEVELS = [
  ['index', 'node'],
  ['testing'],
  ['bash-support'],
  ['review'],
  ['pipeline'],
  ['classifier'],
  ['tools'],
  ['context', 'decision'],
  ['rules'],
  ['safety', 'bash', 'matchers'],
  ['explain'],
  ['paths', 'types'],
];
const engineForbidden = arrows(
  'engine',
  Object.fromEntries(
    ENGINE_LEVELS.flatMap((level, depth) =>
      level.map((room) => [
        room,
        [...ENGINE_LEVELS.slice(0, depth).flat(), ...level.filter((other) => other !== room)],
      ]),
    ),
  ),
);
const engineAllowed = arrows('engine', {
  node: ['bash-support', 'review', 'pipeline', 'types'],
  review: ['pipeline', 'rules'],
  pipeline: ['classifier', 'tools', 'decision'],
  classifier: ['tools'],
  tools: ['context', 'decision', 'safety'],
  context: ['rules'],
  decision: ['rules'],
  rules: ['matchers', 'explain'],
  explain: ['types'],
});
const clientAllowed = arrows('client', {
  cli: ['acp', 'claude', 'codex', 'config-files', 'sdk', 'hook'],
  acp: ['sdk'],
  claude: ['config-files', 'hook'],
  codex: ['config-files', 'hook'],
  'config-files': ['hook'],
  sdk: ['hook'],
});

tester.run('layer-boundaries', rule, {
  valid: [
    { filename: at('main/core/console-core.ts'), code: code('../web/console-channel') },
    { filename: at('main/core/console-core.ts'), code: code('../console/console-service') },
    { filename: at('main/web/console-channel.ts'), code: code('../console/dispatch-invoke') },
    { filename: at('main/headless/serve.ts'), code: code('../core/console-core') },
    { filename: at('main/history/retention-setting.ts'), code: code('../settings/settings-file') },
    { filename: at('main/console/history-handlers.ts'), code: code('./history-changes') },
    { filename: at('main/phone/phone-link.ts'), code: code('../secrets/secret-store') },
    { filename: at('main/phone/phone-link.ts'), code: code('../settings/settings-file') },
    { filename: at('main/registry/race-registry.ts'), code: code('../../common/protocol') },
    { filename: at('main/registry/race-registry.ts'), code: code('../history/decision-store') },
    { filename: at('renderer/src/app.tsx'), code: code('react') },
    { filename: at('main/history/sqlite-history.ts'), code: code('better-sqlite3') },
    { filename: at('client/hook/lean-protocol.ts'), code: code('../../common/discovery') },
    { filename: at('client/hook/hook-socket.test.ts'), code: code('ws') },
    { filename: at('client/sdk/connection.ts'), code: code('ws') },
    { filename: at('main/core/decision-room.ts'), code: code('../../engine/node') },
    { filename: at('main/rules/suggest-rules.ts'), code: code('../../engine/index.ts') },
    { filename: at('renderer/src/ui/rule-check.ts'), code: code('../../../engine') },
    { filename: at('client/hook/lean-protocol.ts'), code: code('../../engine/index') },
    { filename: at('client/hook/lean-protocol.ts'), code: code('../../engine/types') },
    { filename: at('engine/node/bash-wasm.ts'), code: code('../bash/parser') },
    ...clientAllowed.map(({ filename, code }) => ({ filename, code })),
    ...engineAllowed.map(({ filename, code }) => ({ filename, code })),
    // A file at engine/'s top is a room of its own, and engine/'s tests may reach any room.
    { filename: at('engine/index.ts'), code: code('./review/listing') },
    { filename: at('engine/decision.ts'), code: code('./rules/compile') },
    { filename: at('engine/explain/phrases.test.ts'), code: code('../pipeline/decide') },
  ],
  invalid: [
    [
      'main/console/console-service.ts',
      '../web/console-channel',
      /main\/console\/ may not import main\/web\//,
    ],
    [
      'main/console/console-service.ts',
      '../core/console-core',
      /main\/console\/ may not import main\/core\//,
    ],
    ['main/registry/race-registry.ts', '../console/console-service', /main\/registry\/ may not import/],
    ['main/server/loopback-server.ts', '../core/console-core', /main\/server\/ may not import/],
    ['main/settings/console-settings.ts', '../history/retention-setting', /main\/settings\/ may not/],
    ['main/core/console-core.ts', '../app/desktop-app', /main\/core\/ may not import main\/app\//],
    ['main/history/retention-schedule.ts', '../console/history-changes', /main\/history\/ may not/],
    ['main/phone/phone-link.ts', '../core/console-core', /main\/phone\/ may not import main\/core\//],
    ['main/phone/phone-handlers.ts', '../console/console-service', /main\/phone\/ may not import/],
    [
      'main/history/history-writer.ts',
      '../registry/race-registry',
      /main\/history\/ may not import main\/registry\//,
    ],
    ['renderer/src/features/history/view.tsx', 'better-sqlite3', /renderer\/ may not import better-sqlite3/],
    ['client/hook/ask-console.ts', 'ws', /client\/hook\/ may not import ws/],
    ['client/hook/shape.ts', 'zod', /client\/hook\/ may not import zod/],
    ['client/hook/shape.ts', 'zod/v4', /client\/hook\/ may not import zod/],
    ['engine/index.ts', '../main/registry/race-registry', /engine\/ may not import main\//],
    ['engine/decision.ts', './pipeline/decide', /engine\/decision\/ may not import engine\/pipeline\//],
    ['engine/rules/compile.ts', '../decision', /engine\/rules\/ may not import engine\/decision\//],
    ['engine/index.ts', './node', /engine\/index\/ may not import engine\/node\//],
    ['main/rules/suggest-rules.ts', '../../engine/bash/suggest', /only through engine\/index\.ts/],
    ['main/console/rules-handlers.ts', '../../engine/node/check-call', /not engine\/node\/check-call/],
    ['renderer/src/ui/rule-check.ts', '../../../engine/rules/syntax', /only through engine\/index\.ts/],
    ['renderer/src/ui/rule-check.ts', '../../../engine/node', /renderer\/ may use only the engine's pure/],
    ['tests/integration/x.test.ts', '../../engine/matchers/tool-catalog', /only through engine\/index\.ts/],
  ]
    .map(([file, spec, message]) => ({
      filename: at(file as string),
      code: code(spec as string),
      errors: [{ message: message as RegExp }],
    }))
    .concat(
      [...clientForbidden, ...engineForbidden].map(({ layer, from, to, filename, code }) => ({
        filename,
        code,
        errors: [{ message: new RegExp(`^${layer}/${from}/ may not import ${layer}/${to}/ `) }],
      })),
    ),
});
