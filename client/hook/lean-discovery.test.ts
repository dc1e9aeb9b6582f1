/** The hook's discovery against the SDK's and common/discovery.ts's: same home, same answer. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gatehouseHome } from '../../common/discovery';
import { discoverConsole } from '../sdk/discover';
import { findConsole, gatehouseHomeOf } from './lean-discovery';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'gatehouse-discovery-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

const token = 't'.repeat(43);
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the hook’s console discovery', () => {
  it('resolves Gatehouse’s home as common/discovery.ts does', () => {
    const envs = [
      { GATEHOUSE_HOME: '/g' },
      {},
      { XDG_CONFIG_HOME: '/xdg' },
      { XDG_CONFIG_HOME: '' },
      { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' },
    ];
    for (const env of envs)
      for (const platform of ['linux', 'darwin', 'win32'])
        expect(gatehouseHomeOf(env, platform, '/home/a')).toBe(
          gatehouseHome({ env, platform, homedir: '/home/a' }),
        );
  });

  const pid = process.pid;
  const files: [string, string | undefined][] = [
    ['a console', JSON.stringify({ protocol: 2, port: 43117, pid, token })],
    ['no file', undefined],
    ['not JSON', '{"port": '],
    ['a short token', JSON.stringify({ protocol: 1, port: 43117, pid, token: 'short' })],
    ['a port out of range', JSON.stringify({ protocol: 1, port: 70_000, pid, token })],
    ['a fractional pid', JSON.stringify({ protocol: 1, port: 43117, pid: 1.5, token })],
    ['an array', '[]'],
    ['a console that is gone', JSON.stringify({ protocol: 2, port: 43117, pid: deadPid(), token })],
  ];
  it.each(files)('reads bridge.json holding %s as the SDK does', async (_name, content) => {
    if (content !== undefined) await writeFile(join(home, 'bridge.json'), content);
    const env = { GATEHOUSE_HOME: home };
    const [lean, sdk] = [await findConsole(env), await discoverConsole(env)];
    expect(lean.found).toBe(sdk.found);
    if (lean.found && sdk.found) expect(lean.endpoint).toEqual(sdk.endpoint);
    if (!lean.found && !sdk.found) expect(lean.stale).toBe(sdk.stale);
  });

  it.each([
    [{ GATEHOUSE_URL: 'ws://127.0.0.1:9/', GATEHOUSE_TOKEN: token }],
    [{ GATEHOUSE_URL: 'ws://127.0.0.1:9/custom', GATEHOUSE_TOKEN: token }],
    [{ GATEHOUSE_URL: 'ws://127.0.0.1:9/' }],
    [{ GATEHOUSE_TOKEN: token }],
  ])('takes %o from the environment as the SDK does', async (env) => {
    const [lean, sdk] = [await findConsole(env), await discoverConsole(env)];
    expect(lean).toEqual(sdk);
  });

  it('recognises a bridge.json whose console is gone as stale, without connecting', async () => {
    const dead = deadPid();
    await writeFile(
      join(home, 'bridge.json'),
      JSON.stringify({ protocol: 2, port: 43117, pid: dead, token }),
    );
    expect(await findConsole({ GATEHOUSE_HOME: home })).toEqual({
      found: false,
      stale: true,
      reason: expect.stringMatching(
        new RegExp(`bridge\\.json is stale: the console that wrote it \\(pid ${dead}\\) is gone`),
      ),
    });
  });

  it('says so instead of throwing when GATEHOUSE_URL is not a URL', async () => {
    expect(await findConsole({ GATEHOUSE_URL: 'not a url', GATEHOUSE_TOKEN: token })).toMatchObject({
      found: false,
      reason: expect.stringMatching(/not a URL/),
    });
  });
});
