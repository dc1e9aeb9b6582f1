/**
 * A console answer that loses to OpenCode's own prompt: OpenCode refuses the plugin's reply (404, as
 * 1.18.33 answers a second reply) after announcing the prompt's, and history says the prompt answered
 * first. The plugin and the console are real, over a real socket into a real SQLite history; the stand-in
 * is OpenCode's server, which takes the prompt's reply at the moment the console's arrives, the window the
 * real binary leaves too narrow to hit on purpose.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { gatehousePlugin } from '../../client/opencode/opencode-plugin';
import type { PluginInput } from '../../client/opencode/opencode-plugin';
import { makeTempDir } from '../support/temp-dir';
import { startLiveConsole } from '../agents/support/live-console';
import type { LiveConsole } from '../agents/support/live-console';

/** `permission.asked` as OpenCode 1.18.33 sends it for a `bash` call (docs/opencode.md). */
const ASKED = {
  id: 'per_lost',
  sessionID: 'ses_lost',
  permission: 'bash',
  patterns: ['touch lost.txt'],
  metadata: { command: 'touch lost.txt', description: 'Make lost.txt' },
  always: ['touch *'],
  tool: { messageID: 'msg_1', callID: 'call_1' },
};

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let gate: LiveConsole;
beforeEach(async () => {
  dir = await makeTempDir();
  gate = await startLiveConsole({ gatehouseHome: join(dir.path, 'gatehouse'), home: dir.path });
});
afterEach(async () => {
  await gate.close();
  await dir.remove();
});

/** OpenCode as the plugin sees it, whose prompt replies `prompt` just before the console's reply lands. */
function openCodeWhosePromptWins(prompt: 'once' | 'reject') {
  const replies: unknown[] = [];
  const client: PluginInput['client'] = {
    config: { get: () => Promise.resolve({ data: { permission: { bash: { '*': 'ask' } } } }) },
    app: { log: () => Promise.resolve(true) },
    _client: {
      post({ body }) {
        replies.push(body);
        plugin.event({
          event: {
            type: 'permission.replied',
            properties: { sessionID: ASKED.sessionID, requestID: ASKED.id, reply: prompt },
          },
        });
        return Promise.resolve({ response: { status: 404 } });
      },
    },
  };
  const plugin = gatehousePlugin(
    { client, directory: dir.path },
    { GATEHOUSE_HOME: join(dir.path, 'gatehouse'), HOME: dir.path },
  );
  return { plugin, replies };
}

describe('an OpenCode reply that loses to its own prompt', () => {
  it.each([
    { console: 'allow', prompt: 'reject', because: 'terminal-no' },
    { console: 'deny', prompt: 'once', because: 'terminal-yes' },
  ] as const)(
    'records the console’s $console as not taken: the prompt’s $prompt came first',
    async ({ console, prompt, because }) => {
      const { plugin, replies } = openCodeWhosePromptWins(prompt);
      const card = gate.nextCard();
      plugin.event({ event: { type: 'permission.asked', properties: ASKED } });
      expect(await card).toMatchObject({ id: ASKED.id, agent: { name: 'opencode' } });
      // Heard after history's own listener, which subscribed when the console started.
      const reported = new Promise((done) => gate.registry.notTaken.subscribe(done));
      gate.registry.decide(ASKED.id, 'console', { behavior: console });
      expect(await reported).toEqual({ id: ASKED.id, notTaken: { because } });
      expect(replies).toHaveLength(1);
      const entry = await gate.historyEntry(ASKED.sessionID, ASKED.id);
      expect(entry?.decision).toMatchObject({
        decision: { behavior: console, by: 'console' },
        notTaken: { because },
      });
    },
  );
});
