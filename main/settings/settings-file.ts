/**
 * Changes keys of `<home>/settings.json` while keeping every other key as it is. The file is replaced
 * atomically, so a crash leaves the old settings or the new, never half of either.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write';
import { CONSOLE_SETTINGS_FILE } from './console-settings';

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `change` names what is being changed, for the sentence that refuses a broken file ("the retention"). */
async function readSettingsObject(path: string, change: string): Promise<JsonObject> {
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
    throw new Error(`${path} is not valid JSON; fix it before changing ${change} here.`, { cause: error });
  }
  if (!isJsonObject(raw))
    throw new Error(`${path} must hold a JSON object; fix it before changing ${change} here.`);
  return raw;
}

export async function updateConsoleSettings(
  home: string,
  change: string,
  edit: (settings: JsonObject) => JsonObject,
): Promise<void> {
  const path = join(home, CONSOLE_SETTINGS_FILE);
  const next = edit(await readSettingsObject(path, change));
  await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
}
