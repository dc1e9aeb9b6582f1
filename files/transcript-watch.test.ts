import { execFileSync } from 'node:child_process';
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../tests/support/temp-dir';
import { watchTranscript } from './transcript-watch';

const input = { command: 'touch marker.txt', description: 'make a marker' };
const use = (id: string) =>
  `${JSON.stringify({ type: 'assistant', message: { content: [{ type: 'tool_use', id, name: 'Bash', input }] } })}\n`;
const rejected = (id: string, feedback: string) =>
  `${JSON.stringify({
    type: 'user',
    message: { content: [{ type: 'tool_result', is_error: true, tool_use_id: id, content: 'refused' }] },
    toolDenialKind: 'user-rejected',
    userFeedback: feedback,
  })}\n`;

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let path: string;
beforeEach(async () => {
  dir = await makeTempDir();
  path = join(dir.path, 'session.jsonl');
});
afterEach(() => dir.remove());

const watch = (signal = new AbortController().signal) =>
  watchTranscript({ path, tool: 'Bash', input }, signal, 5);

describe('watching the transcript while the hook waits', () => {
  it('finds the refusal appended after the hook started, across a character split between appends', async () => {
    await writeFile(path, `${'{"type":"summary"}\n'.repeat(3)}${use('t1')}`);
    const verdict = watch();
    const line = rejected('t1', 'nicht in diesem Ordner — bitte build/');
    const bytes = Buffer.from(line);
    const split = bytes.indexOf(Buffer.from('—')) + 1;
    await new Promise((r) => setTimeout(r, 30));
    await appendFile(path, bytes.subarray(0, split));
    await new Promise((r) => setTimeout(r, 30));
    await appendFile(path, bytes.subarray(split));
    expect(await verdict).toEqual({ kind: 'rejected', feedback: 'nicht in diesem Ordner — bitte build/' });
  });

  it('finds the call in the tail of a long transcript, whose first piece is not a whole line', async () => {
    const filler = `${JSON.stringify({ type: 'user', message: { content: 'x'.repeat(1_000) } })}\n`;
    await writeFile(path, `${filler.repeat(1_500)}${use('t1')}${rejected('t1', 'no')}`);
    expect(await watch()).toEqual({ kind: 'rejected', feedback: 'no' });
  });

  it('stops with nothing when the hook stops waiting, or when there is no transcript', async () => {
    await writeFile(path, use('t1'));
    const stop = new AbortController();
    const verdict = watch(stop.signal);
    await new Promise((r) => setTimeout(r, 20));
    stop.abort();
    expect(await verdict).toBeUndefined();
    path = join(dir.path, 'missing.jsonl');
    expect(await watch()).toBeUndefined();
  });
});

describe('looking once, with the signal already aborted', () => {
  const stopped = AbortSignal.abort();
  it('says what it shows now, and nothing for a call with no result yet or no transcript', async () => {
    await writeFile(path, use('t1'));
    expect(await watch(stopped)).toBeUndefined();
    await appendFile(path, rejected('t1', 'not there'));
    expect(await watch(stopped)).toEqual({ kind: 'rejected', feedback: 'not there' });
    path = join(dir.path, 'missing.jsonl');
    expect(await watch(stopped)).toBeUndefined();
  });

  it('does not wait on a FIFO named as the transcript', async () => {
    path = join(dir.path, 'fifo.jsonl');
    execFileSync('mkfifo', [path]);
    expect(await watch(stopped)).toBeUndefined();
  });
});

describe('what the watch refuses to read', () => {
  it('gives up on a FIFO named as the transcript instead of waiting on it', async () => {
    path = join(dir.path, 'fifo.jsonl');
    execFileSync('mkfifo', [path]);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), 2_000);
    const started = Date.now();
    expect(await watch(stop.signal)).toBeUndefined();
    clearTimeout(timer);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
