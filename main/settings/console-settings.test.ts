import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/support/temp-dir';
import { DEFAULT_CONSOLE_SETTINGS, loadConsoleSettings } from './console-settings';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

const write = (text: string) => writeFile(join(dir.path, 'settings.json'), text);

describe('the console settings', () => {
  it('default to no allowed origins when there is no file', async () => {
    expect(await loadConsoleSettings(dir.path)).toEqual({ settings: { bridge: { allowedOrigins: [] } } });
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
