/**
 * Random bytes for the WebSocket handshake key and the frame masks without node:crypto: loading it and
 * seeding OpenSSL cost the hook about 4 ms on every prompt (bench/hook), more than its own work. On Linux
 * and macOS the bytes come from the kernel's /dev/urandom through node:fs, which Node has already loaded;
 * elsewhere (Windows has no such device) from node:crypto.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export type RandomBytes = (size: number) => Buffer;

/** Enough for the key and the masks of a hook's few frames, so the device is read once. */
const POOL_BYTES = 256;

let loaded: Promise<RandomBytes> | undefined;

/** One source per process, so the handshake and the request id share the device's one read. */
export function loadRandomBytes(): Promise<RandomBytes> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<RandomBytes> {
  if (process.platform === 'win32') return (await import('node:crypto')).randomBytes;
  let pool: Buffer = Buffer.alloc(0);
  return (size) => {
    if (pool.length < size) pool = readDevice(Math.max(POOL_BYTES, size));
    const bytes = pool.subarray(0, size);
    pool = pool.subarray(size);
    return bytes;
  };
}

function readDevice(size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  const fd = openSync('/dev/urandom', 'r');
  try {
    let filled = 0;
    while (filled < size) filled += readSync(fd, bytes, filled, size - filled, null);
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** A version 4 UUID (RFC 9562), as `crypto.randomUUID()` makes one. */
export function randomUuid(randomBytes: RandomBytes): string {
  const bytes = Buffer.from(randomBytes(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
