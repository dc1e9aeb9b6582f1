/**
 * Whether a call stays inside the session's working directories: the first path it names outside them,
 * or undefined when it names none. What a classifier may approve ends there (docs/engine.md, Layer 3), so
 * this errs outward: a Bash word whose value Bash computes (`$HOME`, a substitution, a brace list) counts
 * as outside, and so does a command the parser cannot read.
 */
import { isInside, resolvePath } from '../paths/posix';
import { familyOf } from '../matchers/tool-catalog';
import type { BashSupport } from '../tools/bash-tool';
import type { ToolCall } from '../tools/types';
import { pathsOf, readPaths } from './call-paths';
import type { DangerPlace } from './danger-reasons';

/** A word whose value Bash computes: a parameter, a substitution, a brace list (`{/etc,src}`). */
const UNKNOWN_VALUE = /[$`{]/;

/** What a call names outside the working directories: the word or path as written. */
export interface OutsideScope {
  readonly text: string;
}

export function callOutsideScope(
  call: ToolCall,
  bash: BashSupport | undefined,
  place: DangerPlace,
): OutsideScope | undefined {
  const family = familyOf(call.toolName);
  if (family === 'bash') {
    const command = call.input['command'];
    if (typeof command !== 'string' || !bash) return { text: String(command) };
    return commandOutside(command, bash, place);
  }
  const paths = family === 'read' ? readPaths(call) : pathsOf(call.input);
  return pathsOutside(paths, place);
}

/** The first of these paths (absolute or relative to the cwd) that lies outside every root. */
export function pathsOutside(paths: readonly string[], place: DangerPlace): OutsideScope | undefined {
  const text = paths.find((path) => !insideRoots(path, place.cwd, place));
  return text === undefined ? undefined : { text };
}

function commandOutside(command: string, bash: BashSupport, place: DangerPlace): OutsideScope | undefined {
  const analysis = bash.analyzer.analyze(command);
  if (!analysis.ok) return { text: command };
  let cwd = place.cwd;
  for (const sub of analysis.subcommands) {
    const [name = '', ...words] = sub.argv;
    for (const word of words) {
      // `--file=/etc/x` names its path after the `=`; a flag alone names none.
      const value = word.startsWith('-') ? word.slice(word.indexOf('=') + 1 || word.length) : word;
      if (UNKNOWN_VALUE.test(value)) return { text: word };
      if (value !== '' && looksLikePath(value) && !insideRoots(value, cwd, place)) return { text: word };
    }
    if ((name === 'cd' || name === 'pushd') && words[0] !== undefined)
      cwd = resolvePath(cwd, words[0], place.home);
    else if (name === 'cd') cwd = place.home;
    if (!place.roots.some((root) => isInside(root, cwd))) return { text: sub.source };
  }
  const redirect = analysis.redirects.find(
    (each) => each.target !== '/dev/null' && !insideRoots(each.target, cwd, place),
  );
  return redirect ? { text: `${redirect.operator} ${redirect.target}` } : undefined;
}

/** A word that names a place on disk by itself: absolute, from home, or climbing out with `..`. */
function looksLikePath(word: string): boolean {
  return word.startsWith('/') || word.startsWith('~') || word === '..' || /(^|\/)\.\.(\/|$)/.test(word);
}

function insideRoots(path: string, cwd: string, place: DangerPlace): boolean {
  if (UNKNOWN_VALUE.test(path)) return false;
  const target = resolvePath(cwd, path, place.home);
  return place.roots.some((root) => isInside(root, target));
}
