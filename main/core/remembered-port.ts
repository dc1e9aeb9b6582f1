/**
 * The port a console listened on last, kept in its home: the next start takes it again when it is free, so a
 * link, an open tab or a hook pointed at the console finds it after a restart. When the port is taken the
 * console moves to a free one and says so.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConsoleWarning } from '../../common/console-contract';
import { writeFileAtomic } from '../../files/atomic-write';

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

/**
 * Listens on the remembered port, or on a free one when there is none; a remembered port another program
 * holds gives way to a free one, with a warning naming both.
 */
export async function listenOnRememberedPort<T extends { readonly port: number }>(
  remembered: number | undefined,
  listen: (port: number) => Promise<T>,
  onWarning: (warning: ConsoleWarning) => void,
): Promise<T> {
  if (remembered === undefined) return listen(0);
  try {
    return await listen(remembered);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
  }
  const server = await listen(0);
  onWarning({
    code: 'port-moved',
    from: String(remembered),
    to: String(server.port),
    fallback: `Port ${remembered}, where this console listened last time, is taken by another program, so it listens on ${server.port} now: links and tabs opened for port ${remembered} need a new link.`,
  });
  return server;
}
