/**
 * The port a console listened on last, kept in its home (main/core/remembered-port.ts takes it again at the
 * next start). `gatehouse install` reads it too, to point an agent's telemetry at the console, and reserves
 * one when no console has run yet, so that the agent's setting and the console's next start agree.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write';

export const PORT_FILE = 'console-port.json';

/** The remembered port, or undefined when none was kept (a first start) or the file is not ours. */
export async function readRememberedPort(home: string): Promise<number | undefined> {
  try {
    const { port } = JSON.parse(await readFile(join(home, PORT_FILE), 'utf8')) as { port?: unknown };
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port <= 65_535
      ? port
      : undefined;
  } catch {
    return undefined;
  }
}

export async function rememberPort(home: string, port: number): Promise<void> {
  await writeFileAtomic(join(home, PORT_FILE), `${JSON.stringify({ port })}\n`, {
    mode: 0o600,
    dirMode: 0o700,
  });
}

/** The remembered port, or a loopback port free now, remembered for the console's first start. */
export async function reserveConsolePort(home: string): Promise<number> {
  const kept = await readRememberedPort(home);
  if (kept !== undefined) return kept;
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
  await rememberPort(home, port);
  return port;
}
