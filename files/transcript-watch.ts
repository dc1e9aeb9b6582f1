/**
 * Watches Claude Code's transcript for what became of one call (common/transcript-verdict.ts): the hook
 * while it waits, for the "No, and tell Claude what to do differently" Claude Code gives it no other sign
 * of, so the card leaves before the turn's Stop hook retires it as "session moved on"; the console after
 * its own answer, for whether the agent took it. Woken by fs.watch, with a slow poll behind it for file
 * systems that send no events. Only a regular file is read (a FIFO or a device named as the transcript
 * would hold a read forever), a bounded tail first and then only what was appended. The console also reads
 * it when a card's session moved on, for what the person answered (main/registry/retire.ts).
 */
import { watch as watchFile } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { transcriptVerdict } from '../common/transcript-verdict';
import type { TranscriptVerdict } from '../common/transcript-verdict';

/** How far back the call's tool_use may sit when the hook starts: a long diff fits many times over. */
const TAIL_BYTES = 1024 * 1024;
/** The fallback when no change event comes: a person reads the card for longer than this. */
export const TRANSCRIPT_POLL_MS = 250;

type Open = typeof FsPromises.open;

export interface TranscriptWatch {
  readonly path: string;
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** Results written before this (epoch ms) are not this call's (transcriptVerdict). */
  readonly since?: number;
}

/**
 * Resolves with the transcript's verdict on the call, or undefined once `signal` aborts or the transcript
 * cannot be read, or is not a regular file. It looks at least once, and once more when `signal` aborts
 * mid-wait: an already aborted signal asks for what the transcript shows now. Never rejects.
 */
export async function watchTranscript(
  watch: TranscriptWatch,
  signal: AbortSignal,
  pollMs = TRANSCRIPT_POLL_MS,
): Promise<TranscriptVerdict | undefined> {
  let changed = false;
  let wake = () => undefined as void;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watchFile(watch.path, { persistent: false }, () => {
      changed = true;
      wake();
    });
    watcher.on('error', () => undefined);
  } catch {
    // No events for this path: the poll alone.
  }
  /** Until the file changes, the poll interval passes, or the hook stops waiting. */
  const nap = () =>
    new Promise<void>((resolve) => {
      if (changed) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      wake = done;
      signal.addEventListener('abort', done, { once: true });
    });
  try {
    const look = await follow(watch);
    for (;;) {
      changed = false;
      const verdict = await look();
      if (verdict || signal.aborted) return verdict;
      await nap();
    }
  } catch {
    return undefined;
  } finally {
    watcher?.close();
  }
}

/**
 * Each look reads what is new in the transcript (its tail, the first time) and judges the call on every
 * line read so far. A look throws when the file cannot be read or is not a regular file.
 */
async function follow(watch: TranscriptWatch): Promise<() => Promise<TranscriptVerdict | undefined>> {
  // Loaded here, after the request has gone out: at the top it would cost every hook about 2 ms.
  const { open, stat } = await import('node:fs/promises');
  const lines: string[] = [];
  // One decoder across reads, so a character split between two appends is decoded whole.
  const decoder = new TextDecoder();
  let partial = '';
  let offset: number | undefined;
  return async () => {
    const info = await stat(watch.path);
    if (!info.isFile()) throw new Error(`${watch.path} is not a regular file.`);
    const { size } = info;
    // The tail, once; then only what was appended. A shrunk file was rewritten: read its tail afresh.
    const from = offset === undefined || size < offset ? Math.max(0, size - TAIL_BYTES) : offset;
    if (size <= from) {
      offset = size;
      return undefined;
    }
    const bytes = await readRange(open, watch.path, from, size);
    const parts = (partial + decoder.decode(bytes, { stream: true })).split('\n');
    partial = parts.pop() ?? '';
    // A tail read starts mid-line: its first piece is not a line.
    if (offset === undefined && from > 0) parts.shift();
    lines.push(...parts);
    offset = from + bytes.length;
    return transcriptVerdict(lines, watch.tool, watch.input, watch.since);
  };
}

async function readRange(open: Open, path: string, from: number, to: number): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    // Judged again by what was opened, in case another file was swapped in after the stat.
    if (!(await file.stat()).isFile()) return new Uint8Array();
    const buffer = new Uint8Array(to - from);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, from);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
