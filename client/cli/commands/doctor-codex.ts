/** `gatehouse doctor codex`'s own checks: where Gatehouse's Codex hooks are, and whether Codex trusts them. */
import type { CliIo } from '../../../common/cli';
import { inspectCodex } from '../../codex/codex-doctor';
import { codexHookStatuses } from '../../codex/codex-hook-status';
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

export async function codexHooksCheck(
  place: CodexPlace,
  codex: string,
  env: CliIo['env'],
  shipped: string,
): Promise<Check[]> {
  const reports = await inspectCodex(place);
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
    ];
  const untrusted = installed.flatMap((report) => report.untrusted);
  const recorded = installed.reduce((sum, report) => sum + report.recorded, 0);
  const project = installed.find((report) => report.untrustedProject)?.untrustedProject;
  const trust: Check = project
    ? {
        ok: false,
        name: 'codex trust',
        text: `Codex does not trust the project ${project} (no [projects."${project}"] trust_level = "trusted" in ${codexConfigPath(place)}), so it loads none of its hooks`,
        next: `run "codex" in ${project} and trust the project, then trust Gatehouse's hooks at "Hooks need review"`,
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
  return [hooks, ...files, trust];
}
