/**
 * Which words of a command hand a secret's contents to the agent. A secret path named by a command that
 * only removes, empties, re-permissions or configures it (`truncate -s 0 ~/.ssh/authorized_keys`,
 * `git config core.sshCommand "ssh -i ~/.ssh/key"`), or written as a search pattern (`grep -r '.env' src`),
 * reads nothing.
 */
import { secretPathKind } from './secret-paths';

/** Commands that name files without showing what is in them. */
const NAMES_ONLY = new Set([
  'rm',
  'rmdir',
  'shred',
  'unlink',
  'truncate',
  'chmod',
  'chown',
  'chgrp',
  'touch',
  'mkdir',
  'ls',
  'stat',
  'test',
  '[',
  '[[',
  'ssh',
  'ssh-add',
  'ssh-keygen',
  'git',
  'crontab',
  'systemctl',
  'launchctl',
  'mv',
  'ln',
  'tee',
]);
/** Searchers whose first operand is a pattern unless `-e`, `-f` or `--regexp` gave it. */
const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'git-grep']);

function isSecret(word: string): boolean {
  return secretPathKind(word) !== undefined;
}

/** The words of `argv` that read a secret's contents. */
export function secretReads(argv: readonly string[]): string[] {
  const [name = '', ...args] = argv;
  if (NAMES_ONLY.has(name)) return [];
  if (!SEARCHERS.has(name)) return args.filter(isSecret);
  const patternGiven = args.some((arg) => /^(?:-[a-zA-Z]*[ef]$|--regexp|--file)/.test(arg));
  let patternSeen = patternGiven;
  let options = true;
  return args.filter((arg, index) => {
    if (options && arg === '--') {
      options = false;
      return false;
    }
    if (options && arg.startsWith('-')) return false;
    if (/^-[a-zA-Z]*[ef]$|^--regexp$|^--file$/.test(args[index - 1] ?? '')) return false;
    if (!patternSeen) {
      patternSeen = true;
      return false;
    }
    return isSecret(arg);
  });
}
