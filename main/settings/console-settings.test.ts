import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLASSIFIER_SETTINGS } from '../../common/classifier-contract';
import { ConsoleWarningSchema } from '../../common/console-contract';
import { makeTempDir } from '../../tests/support/temp-dir';
import { DEFAULT_CONSOLE_SETTINGS, loadConsoleSettings } from './console-settings';
import { saveProposalsEnabled } from './proposals-setting';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

const write = (text: string) => writeFile(join(dir.path, 'settings.json'), text);

describe('the console settings', () => {
  it('default to no allowed origins, rule suggestions on and no export of decisions when there is no file', async () => {
    expect(await loadConsoleSettings(dir.path)).toEqual({
      settings: {
        bridge: { allowedOrigins: [] },
        classifier: DEFAULT_CLASSIFIER_SETTINGS,
        proposals: { enabled: true },
        decisionExport: { enabled: false },
      },
    });
  });

  it('send decisions only to https, or plain http on this machine, and never turned on without an endpoint', async () => {
    await write('{"decisionExport":{"enabled":true,"endpoint":"http://collector.example/v1/logs"}}');
    expect((await loadConsoleSettings(dir.path)).warning).toMatchObject({ key: 'decisionExport.endpoint' });
    await write('{"decisionExport":{"enabled":true}}');
    expect((await loadConsoleSettings(dir.path)).warning).toMatchObject({ key: 'decisionExport.endpoint' });
    for (const endpoint of ['https://collector.example/v1/logs', 'http://127.0.0.1:4318/v1/logs']) {
      await write(JSON.stringify({ decisionExport: { enabled: true, endpoint, header: 'authorization' } }));
      expect((await loadConsoleSettings(dir.path)).settings.decisionExport).toEqual({
        enabled: true,
        endpoint,
        header: 'authorization',
      });
    }
  });

  it('keep the classifier off every class until the person enables one, and refuse a confidence not offered', async () => {
    expect(DEFAULT_CLASSIFIER_SETTINGS).toMatchObject({
      families: { codex: true, acp: true, sdk: true, 'claude-code': false },
      classes: [],
      confidence: 0.8,
      budgetMs: 300,
      judge: { kind: 'deterministic' },
    });
    await write('{"classifier":{"classes":["read-only-commands"],"confidence":0.5}}');
    const loaded = await loadConsoleSettings(dir.path);
    expect(loaded.settings.classifier.classes).toEqual([]);
    expect(loaded.warning).toMatchObject({ code: 'settings-invalid', key: 'classifier.confidence' });
    await write('{"classifier":{"judge":{"kind":"llm","endpoint":"http://example.org/v1","model":"m"}}}');
    expect((await loadConsoleSettings(dir.path)).warning).toMatchObject({ key: 'classifier.judge.endpoint' });
  });

  it('read rule suggestions turned off, and write the switch keeping every other key', async () => {
    await write('{"bridge":{"allowedOrigins":[]},"proposals":{"enabled":false}}');
    expect((await loadConsoleSettings(dir.path)).settings.proposals).toEqual({ enabled: false });
    await saveProposalsEnabled(dir.path, true);
    expect((await loadConsoleSettings(dir.path)).settings).toEqual({
      bridge: { allowedOrigins: [] },
      classifier: DEFAULT_CLASSIFIER_SETTINGS,
      proposals: { enabled: true },
      decisionExport: { enabled: false },
    });
  });

  it('read the allowed origins', async () => {
    await write('{"bridge":{"allowedOrigins":["vscode-webview://abc","https://tool.example"]}}');
    expect((await loadConsoleSettings(dir.path)).settings.bridge.allowedOrigins).toEqual([
      'vscode-webview://abc',
      'https://tool.example',
    ]);
  });

  it('read the Telegram channel, filling in the defaults it leaves out', async () => {
    await write('{"channels":{"telegram":{"apiRoot":"http://127.0.0.1:8081","chatId":"-1001"}}}');
    expect((await loadConsoleSettings(dir.path)).settings.channels?.telegram).toEqual({
      apiRoot: 'http://127.0.0.1:8081',
      chatId: '-1001',
      summaryOnly: false,
      send: 'away',
      awayAfterMinutes: 10,
    });
  });

  it.each([
    ['retentionDays 0', '{"history":{"retentionDays":0}}', { kind: 'too-small', of: 'number', limit: 1 }],
    ['retentionDays 1.5', '{"history":{"retentionDays":1.5}}', { kind: 'type', expected: 'int' }],
    ['allowedOrigins "*"', '{"bridge":{"allowedOrigins":"*"}}', { kind: 'type', expected: 'array' }],
    [
      'a chatName of 201 characters',
      '{"channels":{"telegram":{"chatName":"' + 'x'.repeat(201) + '"}}}',
      { kind: 'too-big', of: 'string', limit: 200 },
    ],
    [
      'send "never"',
      '{"channels":{"telegram":{"send":"never"}}}',
      { kind: 'choice', options: ['away', 'always'] },
    ],
    ['chatId "me"', '{"channels":{"telegram":{"chatId":"me"}}}', { kind: 'format', format: 'chat-id' }],
    [
      'an http apiRoot',
      '{"channels":{"telegram":{"apiRoot":"http://bot.example"}}}',
      { kind: 'format', format: 'api-root' },
    ],
    [
      'an origin with a path',
      '{"bridge":{"allowedOrigins":["https://tool.example/path"]}}',
      { kind: 'format', format: 'origin' },
    ],
    ['a list for the file', '[]', { kind: 'type', expected: 'object' }],
  ])('say what is wrong with %s as a problem the console words in any language', async (_, text, problem) => {
    await write(text);
    const { warning } = await loadConsoleSettings(dir.path);
    expect(warning).toMatchObject({ code: 'settings-invalid', problem });
    // The console words only what its contract accepts; anything else would fall back to main's English.
    expect(ConsoleWarningSchema.safeParse(warning).success).toBe(true);
  });

  it.each([
    ['{"bridge":', /is not valid JSON/],
    [
      '{"channels":{"telegram":{"apiRoot":"http://bot.example"}}}',
      /"channels.telegram.apiRoot" must be a bare/,
    ],
    ['{"channels":{"telegram":{"apiRoot":"https://bot.example/"}}}', /no path or trailing slash/],
    ['{"channels":{"telegram":{"chatId":"me"}}}', /"channels.telegram.chatId" must be a Telegram chat id/],
    ['{"channels":{"telegram":{"send":"never"}}}', /"channels.telegram.send"/],
    [
      '{"bridge":{"allowedOrigins":["https://tool.example/path"]}}',
      /"bridge.allowedOrigins.0" must be an origin/,
    ],
    ['{"bridge":{"allowedOrigins":"*"}}', /"bridge.allowedOrigins"/],
  ])(
    'fall back to the defaults with one sentence for %s, leaving the file untouched',
    async (text, sentence) => {
      await write(text);
      const result = await loadConsoleSettings(dir.path);
      expect(result.settings).toEqual(DEFAULT_CONSOLE_SETTINGS);
      expect(result.warning?.fallback).toMatch(sentence);
      expect(result.warning?.fallback).toContain(join(dir.path, 'settings.json'));
      expect(await readFile(join(dir.path, 'settings.json'), 'utf8')).toBe(text);
    },
  );
});
