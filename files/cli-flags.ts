/**
 * The one way a `gatehouse` command reads its flags: node:util's parseArgs, strict, with every mistake
 * thrown as a UsageError that says in words what is wrong (`usageError` adds where the help is).
 */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { UsageError } from '../common/cli';

type FlagSpec = NonNullable<ParseArgsConfig['options']>;

interface Config<F extends FlagSpec, P extends boolean> {
  args: string[];
  options: F;
  strict: true;
  allowPositionals: P;
}

export function parseFlags<const F extends FlagSpec, const P extends boolean = false>(
  argv: readonly string[],
  flags: F,
  positionals?: P,
): ReturnType<typeof parseArgs<Config<F, P>>> {
  const config: Config<F, P> = {
    args: [...argv],
    options: flags,
    strict: true,
    allowPositionals: (positionals ?? false) as P,
  };
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(sentenceOf(error));
  }
}

/** parseArgs's errors name the option in quotes; this says the same as one lowercase clause. */
function sentenceOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-{1,2}[^\s']+)/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (message.includes('does not take')) return `option ${option} takes no value`;
      if (message.includes('ambiguous'))
        return `option ${option} needs a value; write ${option}=-x for one that starts with a dash`;
      return `option ${option} needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${/'([^']*)'/.exec(message)?.[1] ?? ''}"`;
    default:
      return message.replace(/\.$/, '');
  }
}
