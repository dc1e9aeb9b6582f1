/**
 * Wrapper commands that only change how the next command runs (docs/engine.md, Matching, per tool family), so
 * rules see `git status` in `timeout 5 nice -n 2 git status`. Each wrapper is stripped only when every option
 * it takes is one we recognise and literal: an unknown option might change what runs, so the wrapper then
 * stays and a rule has to match it. `npx`, `docker exec`, `direnv exec`, `devbox run`, `env` and `sudo` are
 * not wrappers here: what they run is theirs to decide.
 */
import type { ShellWord } from './words';

export interface StrippedWords {
  /** Each stripped wrapper with its options, `timeout -s KILL 5`, in order. */
  readonly wrappers: readonly string[];
  readonly words: readonly ShellWord[];
}

/** Counts the option words after the wrapper's name, or undefined when they are not understood. */
type OptionReader = (args: readonly string[]) => number | undefined;

const DURATION = /^(\d+(\.\d*)?|\.\d+)[smhd]?$/;
const NICENESS = /^[+-]?\d+$/;

const readTimeoutOptions: OptionReader = (args) => {
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    if (!arg.startsWith('-')) break;
    if (['--preserve-status', '--foreground', '--verbose', '-p', '-f', '-v'].includes(arg)) continue;
    if (['-s', '-k', '--signal', '--kill-after'].includes(arg)) i++;
    else if (!/^(-[sk].|--signal=|--kill-after=)/.test(arg)) return undefined;
  }
  const duration = args[i];
  return duration !== undefined && DURATION.test(duration) ? i + 1 : undefined;
};

const readNiceOptions: OptionReader = (args) => {
  const first = args[0];
  if (first === '-n' || first === '--adjustment') return NICENESS.test(args[1] ?? '') ? 2 : undefined;
  if (first?.startsWith('-n') || first?.startsWith('--adjustment=')) {
    return NICENESS.test(first.replace(/^(-n|--adjustment=)/, '')) ? 1 : undefined;
  }
  if (first === '--') return 1;
  if (first?.startsWith('-')) return NICENESS.test(first.slice(1)) ? 1 : undefined;
  return 0;
};

const readStdbufOptions: OptionReader = (args) => {
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return i + 1;
    if (!arg.startsWith('-')) break;
    if (['-i', '-o', '-e', '--input', '--output', '--error'].includes(arg)) i++;
    else if (!/^(-[ioe].|--(input|output|error)=)/.test(arg)) return undefined;
  }
  return i;
};

/** Options allowed from a fixed set; anything else that looks like an option means "do not strip". */
function flagsFrom(allowed: readonly string[]): OptionReader {
  return (args) => {
    let i = 0;
    while (i < args.length && args[i]!.startsWith('-')) {
      if (args[i] === '--') return i + 1;
      if (!allowed.includes(args[i]!)) return undefined;
      i++;
    }
    return i;
  };
}

const WRAPPERS: ReadonlyMap<string, OptionReader> = new Map([
  ['timeout', readTimeoutOptions],
  // Bash's `time -p`; GNU time's `-o FILE` writes a file, so its options are not accepted.
  ['time', flagsFrom(['-p'])],
  ['nice', readNiceOptions],
  ['nohup', flagsFrom([])],
  ['stdbuf', readStdbufOptions],
  // `command -v git` looks a name up instead of running it, so only `-p` is a wrapper option.
  ['command', flagsFrom(['-p'])],
  ['builtin', flagsFrom([])],
  ['noglob', flagsFrom([])],
  // With any option xargs might read its command differently (`-I {}`, `-a file`), so only bare xargs.
  ['xargs', (args) => (args[0]?.startsWith('-') ? undefined : 0)],
]);

export function stripWrappers(words: readonly ShellWord[]): StrippedWords {
  const wrappers: string[] = [];
  let rest = words;
  for (;;) {
    const taken = wrapperLength(rest);
    if (taken === undefined) return { wrappers, words: rest };
    wrappers.push(
      rest
        .slice(0, taken)
        .map((word) => word.value)
        .join(' '),
    );
    rest = rest.slice(taken);
  }
}

/** How many words the leading wrapper and its options take, or undefined when there is none to strip. */
function wrapperLength(words: readonly ShellWord[]): number | undefined {
  const name = words[0];
  const reader = name?.literal ? WRAPPERS.get(name.value) : undefined;
  if (reader === undefined) return undefined;
  const args: string[] = [];
  for (const word of words.slice(1)) {
    if (!word.literal) break;
    args.push(word.value);
  }
  const options = reader(args);
  // Stripped only when its options are all literal and a command follows: `nohup` alone is the command.
  if (options === undefined || options > args.length || options >= words.length - 1) return undefined;
  return options + 1;
}
