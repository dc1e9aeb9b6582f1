/**
 * The hook's stdin, read synchronously: Claude Code writes the payload and closes the pipe at once, and
 * setting up `process.stdin` (a stream over a libuv pipe) costs the hook more than the read itself. A
 * non-blocking pipe (EAGAIN) hands the rest of the read to the stream, keeping what was already read.
 */
import { readSync } from 'node:fs';

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let read: number;
    try {
      read = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Windows reports the end of a pipe as an error rather than a zero-length read.
      if (code === 'EOF') break;
      if (code !== 'EAGAIN') throw error;
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      break;
    }
    if (read === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, read)));
  }
  return Buffer.concat(chunks).toString('utf8');
}
