import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/support/temp-dir';
import { loadConsoleSettings } from '../settings/console-settings';
import { saveRetentionDays } from './retention-setting';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

const path = () => join(dir.path, 'settings.json');

describe('the retention setting', () => {
  it('is written into a new settings file and read back', async () => {
    await saveRetentionDays(dir.path, 45);
    expect(JSON.parse(await readFile(path(), 'utf8'))).toEqual({ history: { retentionDays: 45 } });
    expect((await loadConsoleSettings(dir.path)).settings.history).toEqual({ retentionDays: 45 });
  });

  it('keeps every other key, and removes only itself when history is kept for good', async () => {
    await writeFile(
      path(),
      JSON.stringify({ bridge: { allowedOrigins: ['https://a.example'] }, extra: [1, 2] }),
    );
    await saveRetentionDays(dir.path, 7);
    await saveRetentionDays(dir.path, undefined);
    expect(JSON.parse(await readFile(path(), 'utf8'))).toEqual({
      bridge: { allowedOrigins: ['https://a.example'] },
      extra: [1, 2],
    });
  });

  it('refuses to overwrite a file that is not a JSON object', async () => {
    await writeFile(path(), '[1, 2]');
    await expect(saveRetentionDays(dir.path, 7)).rejects.toThrow(/must hold a JSON object; fix it/);
    expect(await readFile(path(), 'utf8')).toBe('[1, 2]');
  });

  it.each([0, 2.5, 'thirty', 40_000])(
    'makes a retention of %j in the file a warning, not a crash',
    async (days) => {
      await writeFile(path(), JSON.stringify({ history: { retentionDays: days } }));
      const { settings, warning } = await loadConsoleSettings(dir.path);
      expect(settings.history).toBeUndefined();
      expect(warning?.fallback).toMatch(/"history\.retentionDays"/);
    },
  );
});
