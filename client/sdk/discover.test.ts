/** The hook's discovery and the SDK's over the same environments and bridge.json files: the same answer. */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findConsole } from '../hook/lean-discovery';
import { discoverConsole } from './discover';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'gatehouse-discovery-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

const token = 't'.repeat(43);
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
const announce = (fields: object) =>
  JSON.stringify({ protocol: 2, port: 43117, pid: process.pid, token, ...fields });

/** Both discoveries, which must agree exactly. */
async function bothFind(env: Record<string, string>) {
  const [hook, sdk] = [await findConsole(env), await discoverConsole(env)];
  expect(sdk).toEqual(hook);
  return hook;
}

describe('console discovery, in the hook and the SDK', () => {
  it.each([
    ['a URL that is not one', { GATEHOUSE_URL: 'not a url' }, 'GATEHOUSE_URL "not a url" is not a URL.'],
    [
      'an address that is not a WebSocket',
      { GATEHOUSE_URL: 'http://127.0.0.1:9/bridge' },
      'GATEHOUSE_URL "http://127.0.0.1:9/bridge" is not a ws:// address (the bridge is a WebSocket).',
    ],
    [
      'a URL without its token',
      { GATEHOUSE_URL: 'ws://127.0.0.1:9/bridge', GATEHOUSE_TOKEN: '' },
      'GATEHOUSE_URL and GATEHOUSE_TOKEN must be set together.',
    ],
    [
      'a token without its URL',
      { GATEHOUSE_URL: '' },
      'GATEHOUSE_URL and GATEHOUSE_TOKEN must be set together.',
    ],
  ])('refuses %s in the environment with one sentence, for good', async (_name, env, reason) => {
    expect(await bothFind({ GATEHOUSE_TOKEN: token, ...env })).toEqual({
      found: false,
      reason,
      lasting: true,
    });
  });

  it.each([
    ['ws://127.0.0.1:9/', 'ws://127.0.0.1:9/bridge'],
    ['ws://127.0.0.1:9', 'ws://127.0.0.1:9/bridge'],
    ['ws://127.0.0.1:9/custom', 'ws://127.0.0.1:9/custom'],
  ])('takes %s from the environment as %s', async (address, url) => {
    expect(await bothFind({ GATEHOUSE_URL: address, GATEHOUSE_TOKEN: token })).toEqual({
      found: true,
      endpoint: { url, token, source: 'environment' },
    });
  });

  it('reads the console bridge.json announces', async () => {
    await writeFile(join(home, 'bridge.json'), announce({}));
    expect(await bothFind({ GATEHOUSE_HOME: home })).toEqual({
      found: true,
      endpoint: { url: 'ws://127.0.0.1:43117/bridge', token, source: 'discovery-file' },
    });
  });

  const file = () => join(home, 'bridge.json');
  it.each<[string, string, (file: string) => string]>([
    ['not JSON', '{"port": ', (f) => `${f} is not valid JSON; restart the console to rewrite it.`],
    ['an array', '[]', (f) => `${f} is not a Gatehouse discovery file; restart the console.`],
    [
      'a short token',
      announce({ token: 'short' }),
      (f) => `${f} is not a Gatehouse discovery file; restart the console.`,
    ],
    [
      'a port out of range',
      announce({ port: 70_000 }),
      (f) => `${f} is not a Gatehouse discovery file; restart the console.`,
    ],
    [
      'a fractional pid',
      announce({ pid: 1.5 }),
      (f) => `${f} is not a Gatehouse discovery file; restart the console.`,
    ],
    [
      'no protocol',
      announce({ protocol: undefined }),
      (f) => `${f} is not a Gatehouse discovery file; restart the console.`,
    ],
    [
      'a protocol that is not a number',
      announce({ protocol: '2' }),
      (f) => `${f} is not a Gatehouse discovery file; restart the console.`,
    ],
  ])('refuses bridge.json holding %s with one sentence', async (_name, content, reason) => {
    await writeFile(file(), content);
    expect(await bothFind({ GATEHOUSE_HOME: home })).toEqual({ found: false, reason: reason(file()) });
  });

  it('says no console is running when there is no bridge.json', async () => {
    expect(await bothFind({ GATEHOUSE_HOME: home })).toEqual({
      found: false,
      reason: `No console is running (no ${file()}).`,
    });
  });

  it('says why bridge.json cannot be read', async () => {
    await mkdir(file());
    expect(await bothFind({ GATEHOUSE_HOME: home })).toEqual({
      found: false,
      reason: `${file()} cannot be read (EISDIR: illegal operation on a directory, read).`,
    });
  });

  it('recognises a bridge.json whose console is gone as stale, without connecting', async () => {
    const dead = deadPid();
    await writeFile(file(), announce({ pid: dead }));
    expect(await bothFind({ GATEHOUSE_HOME: home })).toEqual({
      found: false,
      stale: true,
      reason: `${file()} is stale: the console that wrote it (pid ${dead}) is gone; start it again.`,
    });
  });
});
