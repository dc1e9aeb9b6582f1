/**
 * Writes the retention setting into `<home>/settings.json`, keeping every other key as it is. The file is
 * replaced atomically, so a crash leaves the old settings or the new, never half of either.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../engine/node/atomic-write';
import { CONSOLE_SETTINGS_FILE } from './console-settings';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function readSettingsObject(path: string): Promise<JsonObject> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(
      `Could not read ${path} (${(error as Error).message}); fix its permissions and try again.`,
      { cause: error },
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    // Overwriting a file someone is halfway through editing would lose their work.
    throw new Error(`${path} is not valid JSON; fix it before changing the retention here.`, {
      cause: error,
    });
  }
  if (!isObject(raw))
    throw new Error(`${path} must hold a JSON object; fix it before changing the retention here.`);
  return raw;
}

/** `undefined` keeps history for good (the key is removed). */
export async function saveRetentionDays(home: string, days: number | undefined): Promise<void> {
  const path = join(home, CONSOLE_SETTINGS_FILE);
  const settings = await readSettingsObject(path);
  const { retentionDays: _old, ...historyRest } = isObject(settings.history) ? settings.history : {};
  const history = days === undefined ? historyRest : { ...historyRest, retentionDays: days };
  const { history: _history, ...rest } = settings;
  const next = Object.keys(history).length > 0 ? { ...rest, history } : rest;
  await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
}
