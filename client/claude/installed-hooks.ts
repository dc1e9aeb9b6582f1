/** Where Gatehouse's hooks are installed, scope by scope, and whether each would actually run. */
import { existsSync } from 'node:fs';
import { CLAUDE_HOOK_EVENTS, PERMISSION_REQUEST } from '../hook/claude-events';
import { installedHandlers, settingsOf } from './merge-hooks';
import { MalformedSettings, readSettingsText } from '../config-files/settings-file';
import { SCOPES, settingsPath } from './settings-location';
import type { Place, Scope } from './settings-location';

export interface ScopeReport {
  readonly scope: Scope;
  readonly path: string;
  /** Sentences about what stops Gatehouse's hooks here from working. */
  readonly problems: readonly string[];
  /** Whether the PermissionRequest hook is there at all. */
  readonly installed: boolean;
}

async function inspectScope(scope: Scope, place: Place): Promise<ScopeReport> {
  const path = settingsPath(scope, place);
  const report = (installed: boolean, problems: string[] = []) => ({ scope, path, installed, problems });
  let text;
  try {
    ({ text } = await readSettingsText(path));
  } catch (error) {
    return report(false, [`${path} cannot be read (${(error as Error).message})`]);
  }
  if (text === undefined) return report(false);
  let settings;
  try {
    settings = settingsOf(text);
  } catch (error) {
    if (!(error instanceof MalformedSettings)) throw error;
    return report(false, [`${path} is malformed: ${error.message}`]);
  }
  const problems: string[] = [];
  if (settings.disableAllHooks === true) problems.push(`${path} sets "disableAllHooks", so no hook runs`);
  const handlers = installedHandlers(settings);
  if (!handlers.size) return report(false, problems);
  const missing = CLAUDE_HOOK_EVENTS.filter((event) => !handlers.has(event)).map((event) => event.name);
  if (missing.length)
    problems.push(`${path} lacks Gatehouse's ${missing.join(', ')} hook${missing.length > 1 ? 's' : ''}`);
  // Only the exec form names its files plainly; a hand-written command string is left to the shell.
  const files = [...handlers.values()].flatMap((handler) =>
    Array.isArray(handler.args) ? [handler.command, handler.args[0]] : [],
  );
  for (const file of new Set(files))
    if (typeof file === 'string' && !existsSync(file))
      problems.push(`Gatehouse's hooks in ${path} run ${file}, which does not exist`);
  return report(handlers.has(PERMISSION_REQUEST), problems);
}

export function inspectScopes(place: Place): Promise<ScopeReport[]> {
  return Promise.all(SCOPES.map((scope) => inspectScope(scope, place)));
}
