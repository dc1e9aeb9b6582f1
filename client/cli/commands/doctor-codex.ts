/** `gatehouse doctor codex`'s own checks: where Gatehouse's Codex hooks are, and whether Codex trusts them. */
import type { CliIo } from '../../../common/cli';
import { inspectCodex } from '../../codex/codex-doctor';
import type { CodexScopeReport } from '../../codex/codex-doctor';
import { codexHookStatuses } from '../../codex/codex-hook-status';
import type { ProjectTrust } from '../../codex/codex-trust';
import type { HookStatuses } from '../../codex/codex-hook-status';
import { codexConfigPath } from '../../codex/codex-location';
import type { CodexPlace } from '../../codex/codex-location';
import type { Check } from './doctor-check';
import { hookFileFindings } from '../../config-files/doctor-read';
import { installedHookPath } from '../../config-files/shipped-hook';

/** Codex's own verdict per hook, from `codex app-server`'s hooks/list. */
function codexTrustCheck(keys: readonly string[], statuses: HookStatuses): Check {
  const wrong = keys.flatMap((key) => {
    const status = statuses.get(key)?.trustStatus ?? 'not loaded';
    return status === 'trusted' ? [] : [`${key} is ${status}`];
  });
  if (!wrong.length)
    return {
      ok: true,
      name: 'codex trust',
      text: `Codex reports all ${keys.length} of Gatehouse's hooks trusted`,
    };
  return {
    ok: false,
    name: 'codex trust',
    text: `Codex reports ${wrong.join(', ')}, so it skips ${wrong.length > 1 ? 'these hooks' : 'this hook'}`,
    next: 'run "codex", and at "Hooks need review" trust Gatehouse\'s hooks',
  };
}

/**
 * Whether Codex trusts the project, which it must before it runs the project's own hooks or reads its
 * config. A failure only when Gatehouse's own hooks are the project's; the step to trust it is said either way.
 */
function projectCheck(place: CodexPlace, trust: ProjectTrust, reports: readonly CodexScopeReport[]): Check {
  const config = codexConfigPath(place);
  const record = `[projects."${trust.folder}"] trust_level = "trusted"`;
  if (trust.level === 'trusted')
    return {
      ok: true,
      name: 'codex project',
      text: `Codex trusts ${trust.folder} (${record} in ${config}), so it runs the project's own hooks and reads its config`,
    };
  const needed = reports.some((report) => report.scope === 'project' && report.installed);
  const what = `so it runs none of the project's own hooks and reads none of its config (${place.cwd}/.codex/)${
    needed ? ", Gatehouse's among them" : ''
  }`;
  const text =
    trust.level === 'untrusted'
      ? `Codex records the project ${trust.folder} as untrusted in ${config}, ${what}`
      : `Codex does not trust the project ${trust.folder} yet (no ${record} in ${config}), ${what}`;
  const root =
    trust.folder === place.cwd ? '' : ` (inside a Git repository it trusts the root, ${trust.folder})`;
  const next =
    trust.level === 'untrusted'
      ? `change its trust_level to "trusted" under [projects."${trust.folder}"] in ${config}`
      : `run "codex" in ${place.cwd} and at "Trust this folder?" choose "Trust and continue"${root}, or add ${record} to ${config}`;
  if (needed) return { ok: false, name: 'codex project', text, next };
  return {
    ok: true,
    name: 'codex project',
    text: `${text}; Gatehouse's hooks are the user's and do not need it. To trust the project: ${next}`,
  };
}

export async function codexHooksCheck(
  place: CodexPlace,
  codex: string,
  env: CliIo['env'],
  shipped: string,
  telemetryRetires: boolean,
): Promise<Check[]> {
  const { scopes: reports, project: projectTrust } = await inspectCodex(place, telemetryRetires);
  const project = projectCheck(place, projectTrust, reports);
  const installed = reports.filter((report) => report.installed);
  const problems = reports.flatMap((report) => report.problems);
  const where = installed.map((report) => `${report.scope} (${report.path})`).join(', ');
  if (!installed.length)
    return [
      {
        ok: false,
        name: 'codex hooks',
        text: ['not installed in any scope', ...problems].join('; '),
        next: 'run "gatehouse install codex"',
      },
      project,
    ];
  const hooks: Check = problems.length
    ? {
        ok: false,
        name: 'codex hooks',
        text: `installed in ${where}, but ${problems.join('; ')}`,
        next: 'run "gatehouse install codex" again (with the same --scope) from the checkout you use',
      }
    : { ok: true, name: 'codex hooks', text: `installed in ${where}` };
  const files: Check[] = hookFileFindings(
    reports,
    shipped,
    installedHookPath(env),
    'gatehouse install codex',
  ).map((finding) => ({ name: 'codex hook file', ...finding }));
  const statuses = await codexHookStatuses(codex, place.cwd, { ...env, CODEX_HOME: place.codexDir });
  if (statuses)
    return [
      hooks,
      ...files,
      codexTrustCheck(
        installed.flatMap((report) => report.keys),
        statuses,
      ),
      project,
    ];
  const untrusted = installed.flatMap((report) => report.untrusted);
  const recorded = installed.reduce((sum, report) => sum + report.recorded, 0);
  const untrustedProject = installed.find((report) => report.untrustedProject)?.untrustedProject;
  const trust: Check = untrustedProject
    ? {
        ok: false,
        name: 'codex trust',
        text: `Codex does not trust the project ${untrustedProject}, so it loads none of its hooks`,
        next: `trust the project (see "codex project"), then trust Gatehouse's hooks at "Hooks need review"`,
      }
    : untrusted.length
      ? {
          ok: false,
          name: 'codex trust',
          text: `${codexConfigPath(place)} records no trust for ${untrusted.join(', ')}, so Codex skips ${untrusted.length > 1 ? 'these hooks' : 'this hook'}`,
          next: 'run "codex", and at "Hooks need review" trust Gatehouse\'s hooks',
        }
      : {
          ok: true,
          name: 'codex trust',
          text: `present in config for all ${recorded} of Gatehouse's hooks; trust not verifiable, as "${codex} app-server" could not be run to check Codex's hash (a hook changed since it was trusted still shows here, and Codex asks again)`,
        };
  return [hooks, ...files, trust, project];
}
