/**
 * The fixed read-only set (docs/engine.md, Matching, per tool family): commands that never prompt, in any
 * mode. Membership is decided on the stripped words, and any option that can write a file or run a program
 * takes a command out.
 */
import { findActions, findWrites } from './find';
import type { BashAnalysis, BashSubcommand } from './types';

export const READ_ONLY_COMMANDS: ReadonlySet<string> = new Set([
  'ls',
  'cat',
  'echo',
  'pwd',
  'head',
  'tail',
  'grep',
  'find',
  'wc',
  'which',
  'diff',
  'stat',
  'du',
  'cd',
]);

/** One subcommand on its own; the redirects and substitutions around it are `isReadOnlyAnalysis`'s business. */
export function isReadOnlyCommand(sub: BashSubcommand): boolean {
  const [name, ...args] = sub.argv;
  if (
    name === undefined ||
    sub.unsafeAssignments.length > 0 ||
    (!READ_ONLY_COMMANDS.has(name) && name !== 'git')
  ) {
    return false;
  }
  // An unknown word could be `-delete` or `--output=FILE`, and so could any word xargs appends.
  if ((name === 'find' || name === 'git') && (sub.dynamic || sub.wrappers.includes('xargs'))) return false;
  if (name === 'find') return !args.some((arg) => findActions.has(arg) || findWrites.has(arg));
  if (name === 'git') return isReadOnlyGit(args);
  return true;
}

/** Every subcommand read-only and no redirect writes a file: the whole command line needs no approval. */
export function isReadOnlyAnalysis(analysis: BashAnalysis): boolean {
  return (
    analysis.ok &&
    !analysis.hasEval &&
    analysis.subcommands.length > 0 &&
    analysis.subcommands.every(isReadOnlyCommand) &&
    !analysis.redirects.some((redirect) => redirect.isWrite)
  );
}

/** Subcommands that only read, whatever their arguments (writes through `--output` are refused below). */
const GIT_READERS = new Set([
  'status',
  'log',
  'diff',
  'show',
  'rev-parse',
  'rev-list',
  'ls-files',
  'ls-tree',
  'blame',
  'shortlog',
  'describe',
  'cat-file',
  'grep',
  'merge-base',
  'name-rev',
  'show-ref',
  'for-each-ref',
  'count-objects',
  'diff-tree',
  'diff-files',
  'diff-index',
  'whatchanged',
  'version',
]);

const GIT_CHECKS: Readonly<Record<string, (args: readonly string[]) => boolean>> = {
  branch: isBranchListing,
  tag: isTagListing,
  remote: (args) => args.length === 0 || (args.length === 1 && (args[0] === '-v' || args[0] === '--verbose')),
  stash: (args) => args[0] === 'list' || args[0] === 'show',
  reflog: (args) => !['expire', 'delete', 'drop'].includes(args[0] ?? ''),
  config: isConfigRead,
};

function isReadOnlyGit(args: readonly string[]): boolean {
  let i = 0;
  // Global options: only those that cannot point git at other code (`-c`, `--exec-path`, `--git-dir` can).
  while (args[i] === '-C' || args[i] === '--no-pager' || args[i] === '-P') i += args[i] === '-C' ? 2 : 1;
  const subcommand = args[i];
  const rest = args.slice(i + 1);
  if (subcommand === undefined || rest.some(writesOrRuns)) return false;
  if (GIT_READERS.has(subcommand)) return true;
  return GIT_CHECKS[subcommand]?.(rest) ?? false;
}

/** `--output=FILE` (diff, log, show) writes; `grep -O`/`--open-files-in-pager` runs a program. */
function writesOrRuns(arg: string): boolean {
  return arg.startsWith('--output') || arg.startsWith('-O') || arg.startsWith('--open-files-in-pager');
}

/** Options of `git branch` / `git tag` that take a value as the next word. */
const LISTING_OPTIONS_WITH_VALUE = new Set([
  '--contains',
  '--no-contains',
  '--merged',
  '--no-merged',
  '--points-at',
  '--sort',
  '--format',
]);
const LISTING_LONG_OPTIONS = [
  '--all',
  '--remotes',
  '--list',
  '--verbose',
  '--show-current',
  '--ignore-case',
  '--omit-empty',
];
const LISTING_LONG_PREFIXES = [
  '--color',
  '--no-color',
  '--column',
  '--no-column',
  '--abbrev',
  '--no-abbrev',
  ...[...LISTING_OPTIONS_WITH_VALUE].map((option) => `${option}=`),
];

/** `git branch` lists with `-a -r -l -v -i` (combinable); a bare name would create a branch. */
function isBranchListing(args: readonly string[]): boolean {
  return isListing(args, 'arlvi', () => false);
}

/** `git tag` lists with `-l` and `-n<lines>`; a bare name would create a tag. */
function isTagListing(args: readonly string[]): boolean {
  return isListing(args, 'l', (option) => /^-n\d*$/.test(option));
}

/** Names are allowed only as `--list` patterns (or values of options such as `--contains`). */
function isListing(
  args: readonly string[],
  shortFlags: string,
  isOtherListingOption: (option: string) => boolean,
): boolean {
  let listMode = false;
  let positional = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (LISTING_OPTIONS_WITH_VALUE.has(arg)) i++;
    else if (!arg.startsWith('-')) positional = true;
    else if (arg.startsWith('--')) {
      if (
        !LISTING_LONG_OPTIONS.includes(arg) &&
        !LISTING_LONG_PREFIXES.some((prefix) => arg.startsWith(prefix))
      )
        return false;
      if (arg === '--list') listMode = true;
    } else if (isOtherListingOption(arg)) continue;
    else {
      const letters = arg.slice(1);
      if (letters === '' || [...letters].some((letter) => !shortFlags.includes(letter))) return false;
      if (letters.includes('l')) listMode = true;
    }
  }
  return listMode || !positional;
}

const CONFIG_READS = new Set([
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--list',
  '-l',
  'get',
  'list',
]);
const CONFIG_WRITES = [
  '--edit',
  '-e',
  '--unset',
  '--unset-all',
  '--add',
  '--replace-all',
  '--rename-section',
  '--remove-section',
];

function isConfigRead(args: readonly string[]): boolean {
  return args.some((arg) => CONFIG_READS.has(arg)) && !args.some((arg) => CONFIG_WRITES.includes(arg));
}
