/**
 * The parts of a Bash command that need a second look, each with its reason: what the confirm step shows
 * instead of the whole command's risk. It reads the same analysis and the same per-subcommand risk as
 * `assessRisk` (risk.ts), so the reasons and the badge cannot disagree; a pipeline that feeds a download
 * into a shell is the one reason no single subcommand shows.
 */
import type { BashSubcommand } from '../bash/types';
import { isInside, resolvePath } from '../paths/posix';
import { DOWNLOADERS, READS_PROGRAM_FROM_INPUT_SET } from '../bash/programs';
import type { BashSupport } from '../tools/bash-tool';
import { isSecret, ROOT_COMMANDS, runsAsRootElsewhere, subcommandRisk } from './risk';

export const dangerReasons = [
  'downloads-and-runs',
  'root-elsewhere',
  'root',
  'changes-system',
  'deletes-outside',
  'deletes',
  'discards-work',
  'rewrites-remote',
  'stops-processes',
  'wipes',
  'reads-secret',
] as const;
export type DangerReason = (typeof dangerReasons)[number];

export interface BashDanger {
  /** The part as written: a subcommand, a whole pipeline, or a redirect. */
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

const DELETERS = new Set(['rm', 'shred', 'rmdir', 'unlink']);
const STOPPERS = new Set(['kill', 'killall', 'pkill']);
const DOWNLOADER_SET: ReadonlySet<string> = new Set(DOWNLOADERS);

export function bashDangers(command: string, bash: BashSupport, place: DangerPlace): BashDanger[] {
  const analysis = bash.analyzer.analyze(command);
  if (!analysis.ok) return [];
  const dangers: BashDanger[] = [];
  const add = (danger: BashDanger) => {
    if (!dangers.some((d) => d.text === danger.text && d.reason === danger.reason)) dangers.push(danger);
  };
  for (const sub of analysis.subcommands) {
    if (runsDownload(sub, analysis.subcommands)) {
      add({ text: sub.pipe!.source, reason: 'downloads-and-runs' });
      continue;
    }
    const reason = reasonOf(sub, bash, place);
    if (reason !== undefined) add({ text: sub.source, reason });
  }
  for (const redirect of analysis.redirects) {
    if (!redirect.isWrite && isSecret(redirect.target))
      add({ text: `${redirect.operator} ${redirect.target}`, reason: 'reads-secret' });
  }
  return dangers;
}

/** A shell or interpreter given no program of its own, reading one from a pipe a downloader fills. */
function runsDownload(sub: BashSubcommand, all: readonly BashSubcommand[]): boolean {
  const pipe = sub.pipe;
  if (pipe === undefined || pipe.stage === 0) return false;
  const [name = '', ...args] = withoutRoot(sub.argv);
  if (!READS_PROGRAM_FROM_INPUT_SET.has(name) || args.some((arg) => !arg.startsWith('-') || arg === '-c'))
    return false;
  return all.some(
    (other) =>
      other.pipe?.source === pipe.source &&
      other.pipe.stage < pipe.stage &&
      DOWNLOADER_SET.has(other.argv[0] ?? ''),
  );
}

/** `sudo -E bash` runs bash: the words after a root command and its options. */
function withoutRoot(argv: readonly string[]): readonly string[] {
  if (!ROOT_COMMANDS.has(argv[0] ?? '')) return argv;
  const rest = argv.slice(1);
  const first = rest.findIndex((word) => !word.startsWith('-'));
  return first === -1 ? [] : rest.slice(first);
}

function reasonOf(sub: BashSubcommand, bash: BashSupport, place: DangerPlace): DangerReason | undefined {
  const [name = '', verb = ''] = sub.argv;
  switch (subcommandRisk(sub, bash)) {
    case 'privileged':
      if (runsAsRootElsewhere(sub)) return 'root-elsewhere';
      return ROOT_COMMANDS.has(name) ? 'root' : 'changes-system';
    case 'destructive':
      if (DELETERS.has(name)) return deletesOutside(sub, place) ? 'deletes-outside' : 'deletes';
      if (STOPPERS.has(name)) return 'stops-processes';
      if (name === 'git') return verb === 'push' ? 'rewrites-remote' : 'discards-work';
      return 'wipes';
    case 'reads secrets':
      return 'reads-secret';
    default:
      return undefined;
  }
}

/** Whether any path it names lies outside the project; a word whose value is unknown is not counted. */
function deletesOutside(sub: BashSubcommand, place: DangerPlace): boolean {
  let options = true;
  return sub.argv.slice(1).some((arg) => {
    if (options && arg === '--') {
      options = false;
      return false;
    }
    if (options && arg.startsWith('-')) return false;
    if (sub.dynamic && /[$`*?[]/.test(arg)) return false;
    const path = resolvePath(place.cwd, arg, place.home);
    return !place.roots.some((root) => isInside(resolvePath('/', root, place.home), path));
  });
}
