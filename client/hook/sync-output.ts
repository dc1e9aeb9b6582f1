/**
 * The hook's stdout and stderr, written with one synchronous write each: `process.stdout` is a stream over
 * the pipe whose creation loads node:stream and costs the hook about 2 ms on every prompt (bench/hook),
 * and what the hook prints fits a pipe's buffer. A pipe left non-blocking and full (EAGAIN) takes the rest
 * through the stream, and so does everything after it on that descriptor, so nothing is reordered or lost.
 */
import { writeSync } from 'node:fs';

type Fd = 1 | 2;

const streamed = new Set<Fd>();
const inFlight: Promise<void>[] = [];

export function writeOutput(fd: Fd, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  while (!streamed.has(fd) && written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      streamed.add(fd);
    }
  }
  if (written < bytes.length) {
    const stream = fd === 1 ? process.stdout : process.stderr;
    inFlight.push(new Promise((done) => stream.write(bytes.subarray(written), () => done())));
  }
}

/** Settles once everything written has left the process, so it may exit. */
export async function outputFlushed(): Promise<void> {
  await Promise.all(inFlight);
}
