import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectBridge } from '../../client/sdk/bridge-client';
import type { HistoryChanged } from '../../common/history-contract';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { DAY_MS } from '../../main/history/retention-schedule';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import { sampleEntry, sampleRequest } from '../../main/history/testing/sample';
import { makeTempDir } from '../support/temp-dir';

const caller = { id: 'test', channel: 'web' } as const;

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let home: string;
let core: ConsoleCore | undefined;

beforeEach(async () => {
  dir = await makeTempDir();
  home = join(dir.path, 'gh');
  await mkdir(home, { recursive: true });
});

afterEach(async () => {
  await core?.close();
  core = undefined;
  await dir.remove();
});

const start = async () =>
  (core = await startTestCore({
    home,
    userHome: join(dir.path, 'user'),
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  }));

describe('the console keeps history to its retention', () => {
  it('purges what is older than the setting when it starts', async () => {
    const history = createSqliteHistory(join(home, HISTORY_FILE));
    const now = Date.now();
    for (const [id, age] of [
      ['ancient', 40],
      ['recent', 2],
    ] as const)
      history.record(
        sampleEntry(
          sampleRequest({ id, sessionId: id }),
          {},
          { receivedAt: now - age * DAY_MS, decidedAt: now },
        ),
      );
    history.close();
    await writeFile(join(home, 'settings.json'), JSON.stringify({ history: { retentionDays: 30 } }));

    const console = await start();
    const page = await console.service.handlers['history:requests']({ filter: {}, limit: 10 }, caller);
    expect(page.ok && page.value.entries.map((e) => e.request.id)).toEqual(['recent']);
    expect(await console.service.handlers['history:retention']({}, caller)).toEqual({
      ok: true,
      value: { days: 30 },
    });
  });

  it('writes a new retention into settings.json and says history changed when a request arrives', async () => {
    const console = await start();
    const changes: HistoryChanged[] = [];
    const off = console.service.subscribe((channel, payload) => {
      if (channel === 'history:changed') changes.push(payload as HistoryChanged);
    });
    expect(await console.service.handlers['history:set-retention']({ days: 90 }, caller)).toMatchObject({
      ok: true,
      value: { days: 90 },
    });
    expect(JSON.parse(await readFile(join(home, 'settings.json'), 'utf8'))).toEqual({
      history: { retentionDays: 90 },
    });

    const token = JSON.parse(await readFile(console.discoveryPath, 'utf8')).token;
    const agent = await connectBridge(
      { url: `ws://127.0.0.1:${console.port}/bridge`, token, source: 'environment' },
      { agent: { name: 'sdk-test' } },
    );
    const decision = agent.requestPermission({
      id: 'live-1',
      sessionId: 'live',
      cwd: '/p',
      tool: 'Bash',
      input: { command: 'ls' },
      mode: 'default',
    });
    await new Promise<void>((resolve) => {
      const check = () => (changes.length > 0 ? resolve() : setImmediate(check));
      check();
    });
    expect(changes[0]?.at).toBeTypeOf('number');
    const pending = await console.service.handlers['history:requests'](
      { filter: { sessionId: 'live' }, limit: 10 },
      caller,
    );
    expect(pending.ok && pending.value.entries.map((e) => [e.request.id, e.decision])).toEqual([
      ['live-1', undefined],
    ]);
    off();
    await console.service.handlers['queue:decide']({ id: 'live-1', behavior: 'deny' }, caller);
    expect((await decision).behavior).toBe('deny');
    agent.close();
  });
});
