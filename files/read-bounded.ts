/**
 * Reads a file an agent or a repository names, and only if it is a regular file of bounded size. A path
 * can lead to /dev/zero (endless), a FIFO (a read that never returns and holds one of Node's few file
 * threads) or a huge file; each is refused with a reason instead of read.
 */
import {
  close as closeCallback,
  closeSync,
  constants,
  fstat as fstatCallback,
  fstatSync,
  open as openCallback,
  openSync,
  read as readCallback,
  readSync,
  stat as statCallback,
  statSync,
  type Stats,
} from 'node:fs';
import { promisify } from 'node:util';

/** A settings file is a few KB of JSON; a megabyte is already far past any real one. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

export type ReadRefusal = 'not-a-regular-file' | 'too-large' | 'unreadable';
/** What a refused path turned out to be, so a sentence can name it. */
export type FileType = 'folder' | 'device' | 'fifo' | 'socket' | 'other';

export type BoundedRead =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'refused'; readonly reason: 'not-a-regular-file'; readonly type: FileType }
  | { readonly kind: 'refused'; readonly reason: 'too-large'; readonly size: number; readonly limit: number }
  | { readonly kind: 'refused'; readonly reason: 'unreadable'; readonly code: string };

// The descriptor calls, not FileHandle, so both edges pass the same numeric fd.
const stat = promisify(statCallback);
const open = promisify(openCallback);
const fstat = promisify(fstatCallback);
const read = promisify(readCallback);
const close = promisify(closeCallback);

// O_NONBLOCK makes opening a FIFO return at once; O_NOCTTY keeps a terminal from becoming ours.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

function typeOf(info: Stats): FileType {
  if (info.isDirectory()) return 'folder';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'device';
  if (info.isFIFO()) return 'fifo';
  if (info.isSocket()) return 'socket';
  return 'other';
}

/** The refusal a file's stats call for, or undefined when it may be read. */
function refusalOf(info: Stats, limit: number): BoundedRead | undefined {
  if (!info.isFile()) return { kind: 'refused', reason: 'not-a-regular-file', type: typeOf(info) };
  if (info.size > limit) return { kind: 'refused', reason: 'too-large', size: info.size, limit };
  return undefined;
}

function failed(error: unknown): BoundedRead {
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
  return code === 'ENOENT' || code === 'ENOTDIR'
    ? { kind: 'missing' }
    : { kind: 'refused', reason: 'unreadable', code };
}

/** Room for the file as fstat sizes it; /proc files say 0 and a file may grow, so `grown` makes more. */
const firstBuffer = (size: number, limit: number): Buffer =>
  Buffer.alloc(Math.min(limit, Math.max(size, 64 * 1024)) + 1);

function grown(buffer: Buffer, limit: number): Buffer {
  const next = Buffer.alloc(Math.min(limit + 1, buffer.length * 2));
  buffer.copy(next);
  return next;
}

/** A file that grew past the limit after its fstat is refused by what was actually read. */
function decoded(buffer: Buffer, length: number, limit: number): BoundedRead {
  if (length > limit) return { kind: 'refused', reason: 'too-large', size: length, limit };
  return { kind: 'text', text: buffer.toString('utf8', 0, length) };
}

type Step =
  | { readonly op: 'stat'; readonly path: string }
  | { readonly op: 'open'; readonly path: string }
  | { readonly op: 'fstat'; readonly fd: number }
  | { readonly op: 'read'; readonly fd: number; readonly buffer: Buffer; readonly offset: number }
  | { readonly op: 'close'; readonly fd: number };

/**
 * The read, once, as the file operations it needs; `readBounded` and `readBoundedSync` perform them.
 * The path is stat-ed first, so a device is never even opened (some drivers act on open); the open
 * descriptor is fstat-ed again, so a path swapped in between is judged by what was really opened.
 */
function* boundedRead(path: string, limit: number): Generator<Step, BoundedRead, unknown> {
  try {
    const early = refusalOf((yield { op: 'stat', path }) as Stats, limit);
    if (early) return early;
    const fd = (yield { op: 'open', path }) as number;
    try {
      const info = (yield { op: 'fstat', fd }) as Stats;
      const refusal = refusalOf(info, limit);
      if (refusal) return refusal;
      let buffer = firstBuffer(info.size, limit);
      let length = 0;
      for (;;) {
        if (length === buffer.length) {
          if (length > limit) break;
          buffer = grown(buffer, limit);
        }
        const bytesRead = (yield { op: 'read', fd, buffer, offset: length }) as number;
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      return decoded(buffer, length, limit);
    } finally {
      yield { op: 'close', fd };
    }
  } catch (error) {
    return failed(error);
  }
}

function performSync(step: Step): unknown {
  switch (step.op) {
    case 'stat':
      return statSync(step.path);
    case 'open':
      return openSync(step.path, OPEN_FLAGS);
    case 'fstat':
      return fstatSync(step.fd);
    case 'read':
      return readSync(step.fd, step.buffer, step.offset, step.buffer.length - step.offset, null);
    case 'close':
      return closeSync(step.fd);
  }
}

async function performAsync(step: Step): Promise<unknown> {
  switch (step.op) {
    case 'stat':
      return stat(step.path);
    case 'open':
      return open(step.path, OPEN_FLAGS);
    case 'fstat':
      return fstat(step.fd);
    case 'read':
      return (await read(step.fd, step.buffer, step.offset, step.buffer.length - step.offset, null))
        .bytesRead;
    case 'close':
      return close(step.fd);
  }
}

// Previews read off the event loop, so a file on a hung mount stalls one file thread, not every agent's
// bridge; the rule editor's compare-and-rename reads synchronously, so nothing runs between check and rename.

export async function readBounded(path: string, limit: number): Promise<BoundedRead> {
  const steps = boundedRead(path, limit);
  let next = steps.next();
  while (!next.done)
    next = await performAsync(next.value).then(
      (result) => steps.next(result),
      (error: unknown) => steps.throw(error),
    );
  return next.value;
}

export function readBoundedSync(path: string, limit: number): BoundedRead {
  const steps = boundedRead(path, limit);
  let next = steps.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = performSync(next.value);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(result);
  }
  return next.value;
}

/**
 * The last `limit` bytes of a regular file, guarded as `readBounded` is, for a log that only grows (a
 * session's transcript): the text may start inside a line, which the caller drops.
 */
export async function readBoundedTail(path: string, limit: number): Promise<BoundedRead> {
  try {
    const early = refusalOf(await stat(path), Number.POSITIVE_INFINITY);
    if (early) return early;
    const fd = await open(path, OPEN_FLAGS);
    try {
      const info = await fstat(fd);
      const refusal = refusalOf(info, Number.POSITIVE_INFINITY);
      if (refusal) return refusal;
      const length = Math.min(info.size, limit);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await read(fd, buffer, 0, length, info.size - length);
      return { kind: 'text', text: buffer.toString('utf8', 0, bytesRead) };
    } finally {
      await close(fd);
    }
  } catch (error) {
    return failed(error);
  }
}

/** A settings file, bounded as every settings reader bounds it. */
export const readBoundedSettings = (path: string): Promise<BoundedRead> =>
  readBounded(path, MAX_SETTINGS_BYTES);
