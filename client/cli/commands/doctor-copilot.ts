/** `gatehouse doctor copilot`'s own checks: where Gatehouse's Copilot hook is, and what it runs. */
import type { CliIo } from '../../../common/cli';
import { copilotHookFileOf, installedCopilotHandler } from '../../copilot/copilot-hooks';
import { COPILOT_SCOPES, copilotHooksPath } from '../../copilot/copilot-location';
import type { CopilotPlace } from '../../copilot/copilot-location';
import { hookFileFindings, readForDoctor } from '../../config-files/doctor-read';
import { installedHookPath } from '../../config-files/shipped-hook';
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
  return [hook, ...files];
}
