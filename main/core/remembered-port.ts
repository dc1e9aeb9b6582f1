/**
 * The port a console listened on last, kept in its home: the next start takes it again when it is free, so a
 * link, an open tab or a hook pointed at the console finds it after a restart. When the port is taken the
 * console moves to a free one and says so. The file itself is read and written by files/console-port.ts.
 */
import type { ConsoleWarning } from '../../common/console-contract';

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
