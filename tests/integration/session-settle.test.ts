/**
 * Claude Code's Stop reaches the console before the hook has read the person's "No, and tell Claude…" from
 * the transcript, and the transcript itself can be written after the Stop: history still records their No
 * with their words, because the console follows the transcript itself as the card's session moves on. A
 * real console core with its SQLite history, real sockets, a real transcript file.
 */
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleCore } from '../../main/core/console-core';
import { bridgePeer, until } from '../support/bridge-peer';
import { startTestCore } from '../support/test-core';
import { makeTempDir } from '../support/temp-dir';

const caller = { id: 'test', channel: 'web' } as const;
const claudeCode = { name: 'claude-code' };
const input = { command: 'touch marker.txt', description: 'Make a marker' };

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore | undefined;
beforeEach(async () => {
  dir = await makeTempDir();
  await mkdir(join(dir.path, 'gh'), { recursive: true });
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  await dir.remove();
});

const line = (value: object) => `${JSON.stringify(value)}\n`;
/** The call as Claude Code 2.1.328 writes it in the transcript. */
const use = line({
  type: 'assistant',
  message: { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input }] },
});
/** The person's "No, and tell Claude…", written as they answer. */
const rejected = (feedback: string) =>
  line({
    type: 'user',
    message: {
      content: [{ type: 'tool_result', is_error: true, tool_use_id: 'toolu_1', content: 'rejected' }],
    },
    toolDenialKind: 'user-rejected',
    userFeedback: feedback,
    timestamp: new Date().toISOString(),
  });

/** How long the console once waited before its single read of the transcript. */
const OLD_WINDOW_MS = 1_000;

/**
 * The hook's connection asks and stays open, never withdrawing; once the card waits, what `answered` gives is written
 * to the transcript and the Stop hook's own connection reports the turn's end. With `late`, the transcript is
 * written only well after the console handled the Stop, as a loaded machine can have it. Returns what
 * history records.
 */
async function stopBeforeWithdrawal(answered: () => string, late = false) {
  const transcriptPath = join(dir.path, 'session.jsonl');
  await writeFile(transcriptPath, use);
  core = await startTestCore({
    home: join(dir.path, 'gh'),
    userHome: join(dir.path, 'user'),
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  });
  const console = core;
  const token = JSON.parse(await readFile(console.discoveryPath, 'utf8')).token as string;
  const hook = await bridgePeer(console.port, token, claudeCode);
  hook.send({
    type: 'permission.request',
    id: 'r1',
    sessionId: 's1',
    cwd: dir.path,
    tool: 'Bash',
    input,
    transcriptPath,
  });
  await until(() => console.registry.pending().length === 1);
  if (!late) await appendFile(transcriptPath, answered());
  let stopped = Number.POSITIVE_INFINITY;
  const retire = console.registry.retire.bind(console.registry);
  vi.spyOn(console.registry, 'retire').mockImplementation((event, from) => {
    stopped = Date.now();
    return retire(event, from);
  });
  const stop = await bridgePeer(console.port, token, claudeCode);
  stop.send({ type: 'session.event', sessionId: 's1', event: 'stopped' });
  if (late) {
    await until(() => Date.now() - stopped > 3 * OLD_WINDOW_MS);
    await appendFile(transcriptPath, answered());
  }
  await until(() => !console.registry.has('r1'));
  await console.registry.durable();
  hook.close();
  stop.close();
  const page = await console.service.handlers['history:requests']({ filter: {}, limit: 10 }, caller);
  if (!page.ok) throw new Error('History did not answer.');
  return page.value.entries.map((entry) => entry.decision?.decision);
}

describe('a card whose session moved on before its hook withdrew it', () => {
  it('is recorded as the person’s No in the terminal, with their words', async () => {
    expect(await stopBeforeWithdrawal(() => rejected('use the build folder'))).toMatchObject([
      { by: 'agent', behavior: 'deny', message: 'use the build folder' },
    ]);
  });

  it('is recorded as the person’s No when the transcript says it only after the Stop was handled', async () => {
    expect(await stopBeforeWithdrawal(() => rejected('use the build folder'), true)).toMatchObject([
      { by: 'agent', behavior: 'deny', message: 'use the build folder' },
    ]);
  });

  it('is recorded as the session moving on when the transcript shows no answer', async () => {
    expect(await stopBeforeWithdrawal(() => '')).toMatchObject([
      { by: 'session', behavior: 'passthrough', message: 'session moved on' },
    ]);
  });
});
