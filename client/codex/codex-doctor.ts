/**
 * Where Gatehouse's Codex hooks are installed, and what Codex's config.toml records about trusting them,
 * as `gatehouse doctor codex` reports it.
 */
import { readFile } from 'node:fs/promises';
import { CODEX_PERMISSION_REQUEST } from '../hook/codex-events';
import { hookProblems, readForDoctor } from '../config-files/doctor-read';
import { codexHandlers, codexWantedEvents, hooksFileOf } from './codex-hooks';
import { CODEX_SCOPES, codexConfigPath, hooksPath } from './codex-location';
import type { CodexPlace, CodexScope } from './codex-location';
import { gitRootOf } from '../config-files/git-root';
import { projectTrustOf, trustedHashes, trustKey } from './codex-trust';
import type { ProjectTrust } from './codex-trust';

export interface CodexScopeReport {
  readonly scope: CodexScope;
  readonly path: string;
  /** Whether the PermissionRequest hook is there at all. */
  readonly installed: boolean;
  /** Sentences about what stops Gatehouse's hooks here from working. */
  readonly problems: readonly string[];
  /** Trust keys of Gatehouse's handlers here that config.toml records no trusted_hash for. */
  readonly untrusted: readonly string[];
  /** How many of Gatehouse's handlers here config.toml records a trusted_hash for. */
  readonly recorded: number;
  /** The trust keys of all of Gatehouse's handlers here. */
  readonly keys: readonly string[];
  /** The hook bundles Gatehouse's handlers here run, for doctor to compare with the one it ships. */
  readonly bundles: readonly string[];
  /** Set when these are project hooks in a project Codex does not trust: the folder to trust. */
  readonly untrustedProject?: string;
}

const WORD = String.raw`('(?:[^']|'\\'')*'|\S+)`;
const LAUNCH = new RegExp(String.raw`^\s*${WORD}\s+${WORD}\s+hook\s+codex\s`);

/** The Node and bundle a handler's command runs, unquoted from sh. */
function filesOf(command: string): string[] {
  const match = LAUNCH.exec(command);
  if (!match) return [];
  return [match[1]!, match[2]!].map((word) =>
    word.startsWith("'") ? word.slice(1, -1).replace(/'\\''/g, "'") : word,
  );
}

async function readConfig(place: CodexPlace): Promise<string> {
  try {
    return await readFile(codexConfigPath(place), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

async function inspectScope(
  scope: CodexScope,
  place: CodexPlace,
  config: string,
  telemetryRetires: boolean,
): Promise<CodexScopeReport> {
  const path = hooksPath(scope, place);
  const report = (
    installed: boolean,
    problems: string[] = [],
    untrusted: string[] = [],
    recorded = 0,
    keys: string[] = [],
    bundles: string[] = [],
  ) => ({ scope, path, installed, problems, untrusted, recorded, keys, bundles });
  const read = await readForDoctor(path, hooksFileOf, 'is not usable');
  if ('problems' in read) return report(false, read.problems);
  const handlers = codexHandlers(read.parsed);
  if (!handlers.size) return report(false);
  const missing = codexWantedEvents(telemetryRetires)
    .filter((event) => !handlers.has(event))
    .map((event) => event.name);
  const files = [...handlers.values()].map(({ handler }) => filesOf(String(handler.command)));
  const problems = hookProblems(
    path,
    missing,
    files.flatMap(([node]) => (node === undefined ? [] : [node])),
  );
  const hashes = trustedHashes(config);
  const keys = [...handlers].map(([event, found]) => trustKey(path, event, found.group, found.index));
  const untrusted = keys.filter((key) => !hashes.has(key));
  return {
    ...report(
      handlers.has(CODEX_PERMISSION_REQUEST),
      problems,
      untrusted,
      keys.length - untrusted.length,
      keys,
      files.flatMap(([, bundle]) => (bundle === undefined ? [] : [bundle])),
    ),
    ...(scope === 'project' && trustOfProject(place, config).level !== 'trusted'
      ? { untrustedProject: place.cwd }
      : {}),
  };
}

function trustOfProject(place: CodexPlace, config: string): ProjectTrust {
  return projectTrustOf(config, place.cwd, gitRootOf(place.cwd));
}

/**
 * Gatehouse's hooks in each scope, and whether Codex trusts the project, from one read of config.toml.
 * `telemetryRetires`: Codex's own export reaches the console, so no PostToolUse hook is missed.
 */
export async function inspectCodex(
  place: CodexPlace,
  telemetryRetires: boolean,
): Promise<{ scopes: CodexScopeReport[]; project: ProjectTrust }> {
  const config = await readConfig(place);
  return {
    scopes: await Promise.all(
      CODEX_SCOPES.map((scope) => inspectScope(scope, place, config, telemetryRetires)),
    ),
    project: trustOfProject(place, config),
  };
}
