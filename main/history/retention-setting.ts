/** Writes the retention setting, `history.retentionDays`, into Gatehouse's own settings file. */
import { isJsonObject, updateConsoleSettings } from '../settings/settings-file';
import type { JsonObject } from '../settings/settings-file';

/** `undefined` keeps history for good (the key is removed). */
export function saveRetentionDays(home: string, days: number | undefined): Promise<void> {
  return updateConsoleSettings(home, 'the retention', (settings): JsonObject => {
    const { retentionDays: _old, ...historyRest } = isJsonObject(settings.history) ? settings.history : {};
    const history = days === undefined ? historyRest : { ...historyRest, retentionDays: days };
    const { history: _history, ...rest } = settings;
    return Object.keys(history).length > 0 ? { ...rest, history } : rest;
  });
}
