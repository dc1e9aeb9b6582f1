/**
 * Why a part of a call needs a second look. The console words each reason in every language it speaks
 * (the queue's `danger.*` sentences, the phone's note); the engine only names it.
 */
export const dangerReasons = [
  'downloads-and-runs',
  'hides-command',
  'root-elsewhere',
  'root',
  'privileged-container',
  'changes-system',
  'runs-later',
  'sends-secrets',
  'prints-secret',
  'destroys-remote',
  'deletes-outside',
  'deletes',
  'overwrites-important',
  'discards-work',
  'rewrites-remote',
  'stops-processes',
  'wipes',
  'reads-secret',
] as const;
export type DangerReason = (typeof dangerReasons)[number];

export interface Danger {
  /** The part as written: a subcommand, a whole pipeline, a redirect, a path or a URL. */
  readonly text: string;
  readonly reason: DangerReason;
}

export interface DangerPlace {
  /** The folder relative paths start from. */
  readonly cwd: string;
  readonly home: string;
  /** The project: the cwd and the session's other working directories, all absolute. */
  readonly roots: readonly string[];
}
