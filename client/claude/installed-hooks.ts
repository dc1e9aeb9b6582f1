/** Where Gatehouse's hooks are installed, scope by scope, and whether each would actually run. */
import { PERMISSION_REQUEST } from '../hook/claude-events';
import { installedHandlers, settingsOf, wantedEvents } from './merge-hooks';
import { hookProblems, readForDoctor } from '../config-files/doctor-read';
import { SCOPES, settingsPath } from './settings-location';
import type { Place, Scope } from './settings-location';

export interface ScopeReport {
  readonly scope: Scope;
  readonly path: string;
  /** Sentences about what stops Gatehouse's hooks here from working. */
  readonly problems: readonly string[];
  /** Whether the PermissionRequest hook is there at all. */
  readonly installed: boolean;
  /** The hook bundles Gatehouse's handlers here run, for doctor to compare with the one it ships. */
  readonly bundles: readonly string[];
}

async function inspectScope(scope: Scope, place: Place, telemetryRetires: boolean): Promise<ScopeReport> {
  const path = settingsPath(scope, place);
  const report = (installed: boolean, problems: string[] = [], bundles: string[] = []) => ({
    scope,
    path,
    installed,
    problems,
    bundles,
  });
  const read = await readForDoctor(path, settingsOf, 'is malformed');
  if ('problems' in read) return report(false, read.problems);
  const settings = read.parsed;
  const problems: string[] = [];
  if (settings.disableAllHooks === true) problems.push(`${path} sets "disableAllHooks", so no hook runs`);
  const handlers = installedHandlers(settings);
  if (!handlers.size) return report(false, problems);
  const missing = wantedEvents(telemetryRetires)
    .filter((event) => !handlers.has(event))
    .map((event) => event.name);
  // Only the exec form names its files plainly; a hand-written command string is left to the shell.
  const exec = [...handlers.values()].filter((handler) => Array.isArray(handler.args));
  const programs = exec.map((handler) => handler.command);
  const bundles = exec.map((handler) => (handler.args as unknown[])[0]);
  problems.push(
    ...hookProblems(
      path,
      missing,
      programs.filter((file): file is string => typeof file === 'string'),
    ),
  );
  return report(
    handlers.has(PERMISSION_REQUEST),
    problems,
    bundles.filter((file): file is string => typeof file === 'string'),
  );
}

/** `telemetryRetires`: Claude Code's own export reaches the console, so no tool-result hook is missed. */
export function inspectScopes(place: Place, telemetryRetires: boolean): Promise<ScopeReport[]> {
  return Promise.all(SCOPES.map((scope) => inspectScope(scope, place, telemetryRetires)));
}
