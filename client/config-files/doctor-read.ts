/** What `gatehouse doctor` shares across agents: reading a hook config file and wording what is wrong with it. */
import { existsSync } from 'node:fs';
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

/** The sentences for Gatehouse's hooks in `path`: events it lacks, and files its handlers run that are gone. */
export function hookProblems(path: string, missing: readonly string[], files: Iterable<string>): string[] {
  const problems: string[] = [];
  if (missing.length)
    problems.push(`${path} lacks Gatehouse's ${missing.join(', ')} hook${missing.length > 1 ? 's' : ''}`);
  for (const file of new Set(files))
    if (!existsSync(file)) problems.push(`Gatehouse's hooks in ${path} run ${file}, which does not exist`);
  return problems;
}
