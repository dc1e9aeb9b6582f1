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

/** A wrong argument as one sentence with the way out; `error` is a UsageError (see files/cli-flags.ts). */
export function usageError(command: string, error: unknown): string {
  const sentence = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
  return `gatehouse ${command}: ${sentence}. Run "gatehouse ${command} --help" for usage.\n`;
}

/** A wrong argument, from `parseFlags` or a command's own checks; printed by `usageError`. */
export class UsageError extends Error {}
