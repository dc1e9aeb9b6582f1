/**
 * What every `gatehouse` subcommand shares: its I/O, and the one sentence a wrong argument gets. Commands
 * return their exit code instead of exiting, so tests can run them in-process.
 */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export type CliCommand = (argv: readonly string[], io: CliIo) => Promise<number>;

export const EXIT_USAGE = 2;

/** Turns an error from `util.parseArgs` (or our own checks) into one sentence with the way out. */
export function usageError(command: string, error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? String(error);
  const option = /'(-{1,2}[\w-]+)/.exec(message)?.[1];
  let sentence: string;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') sentence = `unknown option ${option ?? ''}`.trim();
  else if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    sentence = option ? `option ${option} needs a value` : message;
  else if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    sentence = `unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? ''}`.trim();
  else sentence = message.replace(/\.$/, '');
  return `gatehouse ${command}: ${sentence}. Run "gatehouse ${command} --help" for usage.\n`;
}

/** Thrown by a command's own argument checks; caught and printed by `usageError`. */
export class UsageError extends Error {}
