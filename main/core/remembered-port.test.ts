import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleWarning } from '../../common/console-contract';
import { PORT_FILE, readRememberedPort, rememberPort } from '../../files/console-port';
import { listenOnRememberedPort } from './remembered-port';

let home: string;
const servers: Server[] = [];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gatehouse-port-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  rmSync(home, { recursive: true, force: true });
});

function listen(port: number): Promise<{ port: number }> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      servers.push(server);
      resolve({ port: (server.address() as { port: number }).port });
    });
  });
}

describe('the remembered port', () => {
  it('is kept 0600 in the home and read back', async () => {
    expect(await readRememberedPort(home)).toBeUndefined();
    await rememberPort(home, 43_210);
    expect(await readRememberedPort(home)).toBe(43_210);
    expect(statSync(join(home, PORT_FILE)).mode & 0o777).toBe(0o600);
  });

  it('reads a file that is not a port as none', async () => {
    writeFileSync(join(home, PORT_FILE), '{"port":"80"}');
    expect(await readRememberedPort(home)).toBeUndefined();
  });

  it('listens on the remembered port when it is free, without a warning', async () => {
    const { port: free } = await listen(0);
    await new Promise((done) => servers.pop()!.close(done));
    const warnings: ConsoleWarning[] = [];
    const server = await listenOnRememberedPort(free, listen, (warning) => warnings.push(warning));
    expect(server.port).toBe(free);
    expect(warnings).toEqual([]);
  });

  it('moves to a free port when another program holds it, and says from where to where', async () => {
    const { port: taken } = await listen(0);
    const warnings: ConsoleWarning[] = [];
    const server = await listenOnRememberedPort(taken, listen, (warning) => warnings.push(warning));
    expect(server.port).not.toBe(taken);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'port-moved', from: String(taken), to: String(server.port) }),
    ]);
  });
});
