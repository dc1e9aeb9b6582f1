/**
 * The rule contents "Don't ask again" offers (up to 5 per-subcommand rules). A prefix
 * rule keeps the command's family: the first two words for tools whose second word is the real command
 * (`git status *`, `npm install *`), three for script runners (`npm run build *`, `docker compose up *`),
 * the first word otherwise (`pytest *`). A tool that runs whatever its arguments say (`bash`, `python`,
 * `sudo`, `npx`, `docker exec`, …) gets the exact command instead, because its prefix rule would approve
 * anything; so does a subcommand whose leading words are not plain literals or that carries an unsafe
 * assignment. Read-only subcommands never prompt and get no rule.
 */
import { isApprovableByPrefix } from './compound';
import { isReadOnlyCommand } from './read-only';
import type { BashAnalysis, BashSubcommand } from './types';

const MAX_SUGGESTIONS = 5;

const TWO_WORD_TOOLS = new Set([
  'git',
  'npm',
  'yarn',
  'pnpm',
  'bun',
  'cargo',
  'docker',
  'podman',
  'kubectl',
  'helm',
  'go',
  'pip',
  'pip3',
  'poetry',
  'uv',
  'gh',
  'brew',
  'apt',
  'apt-get',
  'dotnet',
  'mvn',
  'gradle',
  'terraform',
  'make',
  'devbox',
  'direnv',
]);

/** Second words after which the third word is the real command. */
const THREE_WORD_PREFIXES = new Set([
  'npm run',
  'yarn run',
  'pnpm run',
  'bun run',
  'docker compose',
  'podman compose',
]);

/**
 * Commands that destroy what they are pointed at: "always allow" for one target must never grow into a
 * prefix rule for every target (`rm -rf node_modules` is not `rm *`), so they get the exact command.
 */
const EXACT_ONLY = new Set([
  'rm',
  'rmdir',
  'shred',
  'dd',
  'truncate',
  'kill',
  'pkill',
  'killall',
  'chmod',
  'chown',
  'chgrp',
  'git clean',
  'git reset',
  'git push',
]);

/** Commands whose arguments are themselves a program to run. */
const RUNS_ANYTHING = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'fish',
  'python',
  'python3',
  'node',
  'deno',
  'ruby',
  'perl',
  'php',
  'env',
  'sudo',
  'doas',
  'su',
  'exec',
  'ssh',
  'npx',
  'bunx',
  'pnpx',
  'xargs',
  'eval',
  'source',
  '.',
  'npm exec',
  'pnpm exec',
  'pnpm dlx',
  'yarn exec',
  'yarn dlx',
  'bun x',
  'docker exec',
  'docker run',
  'podman exec',
  'podman run',
  'kubectl exec',
  'devbox run',
  'direnv exec',
  'uv run',
  'poetry run',
]);

/** A word a prefix rule can name as it is: no quoting, expansion or pattern characters. */
const PLAIN_WORD = /^[A-Za-z0-9_][A-Za-z0-9_.:@/+=,-]*$/;

export function splitForSuggestion(analysis: BashAnalysis): string[] {
  // A line no prefix rule can approve would prompt again whatever is saved.
  if (!isApprovableByPrefix(analysis)) return [];
  const suggestions: string[] = [];
  for (const sub of analysis.subcommands) {
    if (isReadOnlyCommand(sub)) continue;
    const suggestion = suggestionFor(sub);
    if (suggestion !== undefined && !suggestions.includes(suggestion)) suggestions.push(suggestion);
    if (suggestions.length === MAX_SUGGESTIONS) break;
  }
  return suggestions;
}

function suggestionFor(sub: BashSubcommand): string | undefined {
  const prefix = prefixWords(sub);
  if (prefix !== undefined) return `${prefix.join(' ')} *`;
  // Only an open-ended rule can approve what xargs runs (engine/bash/match.ts).
  if (sub.wrappers.includes('xargs')) return undefined;
  const exact = [...sub.unsafeAssignments, sub.text].filter((part) => part !== '').join(' ');
  // A rule's content is trimmed, so an exact rule could not keep outer whitespace.
  return exact === '' || exact !== exact.trim() ? undefined : escapePattern(exact);
}

function prefixWords(sub: BashSubcommand): string[] | undefined {
  if (sub.unsafeAssignments.length > 0) return undefined;
  const [first, second, third] = sub.argv;
  if (first === undefined || !PLAIN_WORD.test(first) || RUNS_ANYTHING.has(first) || EXACT_ONLY.has(first)) {
    return undefined;
  }
  if (!TWO_WORD_TOOLS.has(first)) return [first];
  if (second === undefined || !PLAIN_WORD.test(second) || second.startsWith('-')) return undefined;
  const two = `${first} ${second}`;
  if (RUNS_ANYTHING.has(two) || EXACT_ONLY.has(two)) return undefined;
  if (!THREE_WORD_PREFIXES.has(two)) return [first, second];
  if (third === undefined || !PLAIN_WORD.test(third) || third.startsWith('-')) return undefined;
  return [first, second, third];
}

/** Makes an exact command a pattern that matches only itself. */
function escapePattern(text: string): string {
  return text.replace(/[\\*]/g, '\\$&');
}
