/** What `gatehouse doctor` shares across agents: reading a hook config file and wording what is wrong with it. */
import { existsSync } from 'node:fs';
import { hookFileState } from '../../files/hook-copy';
import { MalformedSettings, readSettingsText } from './settings-file';

/**
 * The file parsed, or the problems that stop it being read (none when it does not exist). `malformed` words
 * a shape the parser refuses, e.g. "is malformed".
 */
export async function readForDoctor<T>(
  path: string,
  parse: (text: string) => T,
  malformed: string,
): Promise<{ readonly parsed: T } | { readonly problems: string[] }> {
  let text;
  try {
    ({ text } = await readSettingsText(path));
  } catch (error) {
    return { problems: [`${path} cannot be read (${(error as Error).message})`] };
  }
  if (text === undefined) return { problems: [] };
  try {
    return { parsed: parse(text) };
  } catch (error) {
    if (!(error instanceof MalformedSettings)) throw error;
    return { problems: [`${path} ${malformed}: ${error.message}`] };
  }
}

/** The sentences for Gatehouse's hooks in `path`: events it lacks, and programs its handlers run that are gone. */
export function hookProblems(path: string, missing: readonly string[], files: Iterable<string>): string[] {
  const problems: string[] = [];
  if (missing.length)
    problems.push(`${path} lacks Gatehouse's ${missing.join(', ')} hook${missing.length > 1 ? 's' : ''}`);
  for (const file of new Set(files))
    if (!existsSync(file)) problems.push(`Gatehouse's hooks in ${path} run ${file}, which does not exist`);
  return problems;
}

/** One line of doctor about a hook file: what it is and, when it is wrong, the next step. */
export interface HookFileFinding {
  readonly ok: boolean;
  readonly text: string;
  readonly next?: string;
}

/** Where a file's hooks are installed, and the hook bundles their handlers run. */
export interface BundleUse {
  readonly path: string;
  readonly bundles: readonly string[];
}

/**
 * One finding per hook bundle that Gatehouse's installed handlers run, compared with `shipped`, the bundle
 * this Gatehouse ships: missing, stale (another Gatehouse's) or not Gatehouse's at all. `install` is the
 * command that repairs it; `copy` is Gatehouse's own copy, which `gatehouse serve` updates too.
 */
export function hookFileFindings(
  uses: readonly BundleUse[],
  shipped: string,
  copy: string,
  install: string,
): HookFileFinding[] {
  const users = new Map<string, string[]>();
  for (const { path, bundles } of uses)
    for (const bundle of new Set(bundles)) users.set(bundle, [...(users.get(bundle) ?? []), path]);
  return [...users].map(([file, paths]): HookFileFinding => {
    const where = `the hooks in ${paths.join(' and ')}`;
    const state = hookFileState(file, shipped);
    if (state === 'current') return { ok: true, text: `${where} run ${file}, the hook this Gatehouse ships` };
    if (state === 'missing')
      return {
        ok: false,
        text: `${where} run ${file}, which does not exist, so they do nothing`,
        next: `run "${install}" again, which puts Gatehouse's copy of the hook in place and points them at it`,
      };
    if (state === 'stale')
      return {
        ok: false,
        text: `${where} run ${file}, which differs from the hook this Gatehouse ships (${shipped})`,
        next:
          file === copy
            ? `run "${install}" again or restart "gatehouse serve", either of which updates it`
            : `run "${install}" again, which points them at Gatehouse's own, updated copy`,
      };
    return {
      ok: false,
      text: `${where} run ${file}, which is not Gatehouse's hook`,
      next: `run "${install}" again, which points them at Gatehouse's own copy of the hook`,
    };
  });
}
