/**
 * Reads a file an agent or a repository names, and only if it is a regular file of bounded size. A path
 * can lead to /dev/zero (endless), a FIFO (a read that never returns and holds one of Node's few file
 * threads) or a huge file; each is refused with a reason instead of read.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';

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

/**
 * The path is stat-ed first, so a device is never even opened (some drivers act on open); the open
 * descriptor is fstat-ed again, so a path swapped in between is judged by what was really opened.
 */
export async function readBounded(path: string, limit: number): Promise<BoundedRead> {
  try {
    const early = refusalOf(await stat(path), limit);
    if (early) return early;
    const handle = await open(path, OPEN_FLAGS);
    try {
      const info = await handle.stat();
      const refusal = refusalOf(info, limit);
      if (refusal) return refusal;
      let buffer = firstBuffer(info.size, limit);
      let length = 0;
      for (;;) {
        if (length === buffer.length) {
          if (length > limit) break;
          buffer = grown(buffer, limit);
        }
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      return decoded(buffer, length, limit);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return failed(error);
  }
}

/**
 * The last `limit` bytes of a regular file, guarded as `readBounded` is, for a log that only grows (a
 * session's transcript): the text may start inside a line, which the caller drops.
 */
export async function readBoundedTail(path: string, limit: number): Promise<BoundedRead> {
  try {
    const early = refusalOf(await stat(path), Number.POSITIVE_INFINITY);
    if (early) return early;
    const handle = await open(path, OPEN_FLAGS);
    try {
      const info = await handle.stat();
      const refusal = refusalOf(info, Number.POSITIVE_INFINITY);
      if (refusal) return refusal;
      const length = Math.min(info.size, limit);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, info.size - length);
      return { kind: 'text', text: buffer.toString('utf8', 0, bytesRead) };
    } finally {
      await handle.close();
    }
  } catch (error) {
    return failed(error);
  }
}

/** A settings file, bounded as every settings reader bounds it. */
export const readBoundedSettings = (path: string): Promise<BoundedRead> =>
  readBounded(path, MAX_SETTINGS_BYTES);

/** The same read, synchronous: for a compare step that must not yield between its check and its act. */
export function readBoundedSync(path: string, limit: number): BoundedRead {
  try {
    const early = refusalOf(statSync(path), limit);
    if (early) return early;
    const fd = openSync(path, OPEN_FLAGS);
    try {
      const info = fstatSync(fd);
      const refusal = refusalOf(info, limit);
      if (refusal) return refusal;
      let buffer = firstBuffer(info.size, limit);
      let length = 0;
      for (;;) {
        if (length === buffer.length) {
          if (length > limit) break;
          buffer = grown(buffer, limit);
        }
        const bytesRead = readSync(fd, buffer, length, buffer.length - length, null);
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      return decoded(buffer, length, limit);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return failed(error);
  }
}
