/**
 * `gatehouse doctor copilot`'s own checks: where Gatehouse's Copilot hook is, what it runs, and whether
 * Copilot trusts the project, which it must before it loads the project's own hooks.
 */
import { join, sep } from 'node:path';
import type { CliIo } from '../../../common/cli';
import { copilotHookFileOf, installedCopilotHandler } from '../../copilot/copilot-hooks';
import { COPILOT_SCOPES, copilotHooksPath } from '../../copilot/copilot-location';
import type { CopilotPlace } from '../../copilot/copilot-location';
import { hookFileFindings, readForDoctor } from '../../config-files/doctor-read';
import { installedHookPath } from '../../config-files/shipped-hook';
import { parseSettings, readSettingsText } from '../../config-files/settings-file';
import type { Check } from './doctor-check';

const WORD = String.raw`('(?:[^']|'\\'')*'|\S+)`;
const LAUNCH = new RegExp(String.raw`^\s*${WORD}\s+${WORD}\s+hook\s+copilot\s`);

/** The bundle a handler's command runs, unquoted from sh. */
function bundleOf(command: unknown): string[] {
  const match = typeof command === 'string' ? LAUNCH.exec(command) : null;
  if (!match) return [];
  const word = match[2]!;
  return [word.startsWith("'") ? word.slice(1, -1).replace(/'\\''/g, "'") : word];
}

export async function copilotHooksCheck(
  place: CopilotPlace,
  env: CliIo['env'],
  shipped: string,
): Promise<Check[]> {
  const reports = await Promise.all(
    COPILOT_SCOPES.map(async (scope) => {
      const path = copilotHooksPath(scope, place);
      const read = await readForDoctor(path, (text) => copilotHookFileOf(text, false), 'is not usable');
      if ('problems' in read) return { scope, path, problems: read.problems, bundles: undefined };
      const handler = installedCopilotHandler(read.parsed);
      return { scope, path, problems: [], bundles: handler ? bundleOf(handler.bash) : undefined };
    }),
  );
  const installed = reports.filter((report) => report.bundles !== undefined);
  const problems = reports.flatMap((report) => report.problems);
  if (!installed.length)
    return [
      {
        ok: false,
        name: 'copilot hook',
        text: ['not installed in any scope', ...problems].join('; '),
        next: 'run "gatehouse install copilot"',
      },
      await projectCheck(place, env, false),
    ];
  const where = installed.map((report) => `${report.scope} (${report.path})`).join(', ');
  const hook: Check = problems.length
    ? {
        ok: false,
        name: 'copilot hook',
        text: `installed in ${where}, but ${problems.join('; ')}`,
        next: 'fix the file named, then run "gatehouse install copilot" again',
      }
    : { ok: true, name: 'copilot hook', text: `installed in ${where}` };
  const files: Check[] = hookFileFindings(
    installed.map((report) => ({ path: report.path, bundles: report.bundles ?? [] })),
    shipped,
    installedHookPath(env),
    'gatehouse install copilot',
  ).map((finding) => ({ name: 'copilot hook file', ...finding }));
  return [
    hook,
    ...files,
    await projectCheck(
      place,
      env,
      installed.some((report) => report.scope === 'project'),
    ),
  ];
}

const inside = (folder: string, cwd: string) =>
  cwd === folder || cwd.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/** The trusted folder that holds `cwd`, from `trustedFolders` in Copilot's config.json, or why none. */
async function trustedFolder(config: string, cwd: string): Promise<{ folder?: string; problem?: string }> {
  let text;
  try {
    ({ text } = await readSettingsText(config));
  } catch (error) {
    return { problem: `${config} cannot be read (${(error as Error).message})` };
  }
  const parsed = parseSettings(text);
  if ('problem' in parsed) return { problem: `${config} cannot be read: ${parsed.problem}` };
  const { value } = parsed;
  const folders =
    typeof value === 'object' &&
    value !== null &&
    'trustedFolders' in value &&
    Array.isArray(value.trustedFolders)
      ? value.trustedFolders.filter((folder): folder is string => typeof folder === 'string')
      : [];
  const folder = folders.find((each) => inside(each, cwd));
  return folder === undefined ? {} : { folder };
}

/**
 * Whether Copilot 1.0.102 loads the project's hooks (.github/hooks/*.json): it never asks about hooks as
 * such; it loads them in a folder it trusts (listed in, or inside one listed in, `trustedFolders` in its
 * config.json) or under COPILOT_ALLOW_ALL=true, and skips them silently otherwise. A failure only when
 * Gatehouse's own hook is the project's; the step to trust the project is said either way.
 */
async function projectCheck(place: CopilotPlace, env: CliIo['env'], needed: boolean): Promise<Check> {
  const config = join(place.copilotDir, 'config.json');
  if (env.COPILOT_ALLOW_ALL === 'true')
    return {
      ok: true,
      name: 'copilot project',
      text: "COPILOT_ALLOW_ALL=true here, under which Copilot loads every project's hooks without trusting the folder",
    };
  const { folder, problem } = await trustedFolder(config, place.cwd);
  if (folder !== undefined)
    return {
      ok: true,
      name: 'copilot project',
      text: `Copilot trusts ${folder} ("trustedFolders" in ${config}), so it loads the project's own hooks (${place.cwd}/.github/hooks/)`,
    };
  const text = `${problem ? `${problem}; ` : ''}Copilot does not trust ${place.cwd} yet (no folder holding it in "trustedFolders" in ${config}), so it skips the project's own hooks (${place.cwd}/.github/hooks/) without asking about them${needed ? ", Gatehouse's among them" : ''}`;
  const next = `run "copilot" in ${place.cwd} and at "Do you trust the files in this folder?" choose "Yes, and remember this folder for future sessions", or add "${place.cwd}" to "trustedFolders" in ${config}`;
  if (needed) return { ok: false, name: 'copilot project', text, next };
  return {
    ok: true,
    name: 'copilot project',
    text: `${text}; Gatehouse's hook is not the project's and does not need it. To trust the project: ${next}`,
  };
}
