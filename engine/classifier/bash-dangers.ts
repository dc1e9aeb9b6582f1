/**
 * The parts of a Bash command that need a second look, each with its reason: what the confirm step, the
 * notification and the phone name instead of the whole command's risk. It reads the parsed command: each
 * simple command past the runners in front of it (command-dangers.ts), what flows between them (a download
 * piped into a shell, an environment dump piped to the network, a file downloaded then run, a heredoc fed
 * to a shell), the folder `cd` moved to, and the redirects. A program handed to a shell (`bash -c`, `eval`,
 * a heredoc, an alias) is analysed the same way, a few levels deep.
 */
import type { BashRedirect, BashSubcommand } from '../bash/types';
import { isInside, resolvePath } from '../paths/posix';
import type { BashSupport } from '../tools/bash-tool';
import { codeDangers, destroysData } from './code-dangers';
import {
  commandDangers,
  DOWNLOADER_SET,
  inputKind,
  isUrl,
  leaksInput,
  sendsToNetwork,
  SHELLS,
  withoutRoot,
  type CommandContext,
} from './command-dangers';
import { importantPath, runsLaterPath } from './danger-paths';
import type { Danger, DangerPlace, DangerReason } from './danger-reasons';
import { isSecret } from './risk';

export { dangerReasons, type Danger, type DangerPlace, type DangerReason } from './danger-reasons';
/** The same shape under the name the Bash analysis first gave it. */
export type BashDanger = Danger;

/** How deep programs inside programs are read; deeper nesting is itself hiding what runs. */
const MAX_DEPTH = 3;
const DECODERS: readonly ((argv: readonly string[]) => boolean)[] = [
  ([name, ...args]) => name === 'base64' && args.some((a) => /^-[a-zA-Z]*[dD]$|^--decode$/.test(a)),
  ([name, ...args]) => name === 'xxd' && args.some((a) => /^-[a-zA-Z]*r/.test(a)),
  ([name, ...args]) => name === 'openssl' && args.includes('-d'),
  ([name]) => ['base32', 'uudecode', 'gunzip', 'zcat', 'rev'].includes(name ?? ''),
  ([name, ...args]) => (name === 'gzip' || name === 'xz' || name === 'bzip2') && args.includes('-d'),
];
const RUNS_FILE = new Set([...SHELLS, 'source', '.', 'python', 'python3', 'node', 'perl', 'ruby', 'chmod']);

export function bashDangers(command: string, bash: BashSupport, place: DangerPlace): Danger[] {
  return lineDangers(command, bash, place, 0);
}

function lineDangers(command: string, bash: BashSupport, place: DangerPlace, depth: number): Danger[] {
  const analysis = bash.analyzer.analyze(command);
  // What the parser cannot read, no one can vouch for: Bash may well run it (`{sudo,id}` runs sudo).
  if (!analysis.ok) return [{ text: command, reason: 'hides-command' }];
  const dangers: Danger[] = [];
  const add = (text: string, reason: DangerReason) => {
    if (!dangers.some((d) => d.text === text && d.reason === reason)) dangers.push({ text, reason });
  };
  const addAll = (found: readonly Danger[]) => found.forEach((d) => add(d.text, d.reason));
  const fetched: Fetched = { files: [], folders: [] };
  let cwd = place.cwd;
  for (const sub of analysis.subcommands) {
    const here = { ...place, cwd };
    const context = contextAt(here, bash, depth);
    const [name = ''] = sub.argv;
    if ((name === 'cd' || name === 'pushd') && !/[$`]/.test(sub.argv[1] ?? '')) {
      cwd = resolvePath(cwd, sub.argv[1] ?? '~', place.home);
    }
    const piped = pipeReason(sub, analysis.subcommands, context);
    if (piped !== undefined) {
      if (piped.reason !== undefined) add(sub.pipe!.source, piped.reason);
      addAll(piped.inner);
    }
    if (sub.input !== undefined) addAll(inputDangers(sub.argv, sub.input, sub.source, context));
    if (runsFetched(sub.argv, cwd, place.home, fetched)) add(sub.source, 'downloads-and-runs');
    noteFetched(sub, analysis.subcommands, analysis.redirects, cwd, place.home, fetched);
    addAll(commandDangers(sub.argv, sub.source, context));
  }
  for (const redirect of analysis.redirects) {
    const text = `${redirect.operator} ${redirect.target}`;
    if (!redirect.isWrite && isSecret(redirect.target)) add(text, 'reads-secret');
    if (!redirect.isWrite) continue;
    if (runsLaterPath(redirect.target)) add(text, 'runs-later');
    else if (!redirect.operator.includes('>>') && importantPath(redirect.target, place.cwd, place.home))
      add(text, 'overwrites-important');
  }
  return dangers;
}

function contextAt(place: DangerPlace, bash: BashSupport, depth: number): CommandContext {
  const substitutions = (word: string): readonly BashSubcommand[] => {
    if (!/\$\(|`|[<>]\(/.test(word)) return [];
    const analysis = bash.analyzer.analyze(word);
    return analysis.ok ? analysis.subcommands.filter((sub) => sub.source !== word) : [];
  };
  return {
    place,
    script: (program) =>
      depth >= MAX_DEPTH
        ? [{ text: program, reason: 'hides-command' }]
        : lineDangers(program, bash, place, depth + 1),
    fetches: (word) => substitutions(word).some((sub) => DOWNLOADER_SET.has(withoutRoot(sub.argv)[0] ?? '')),
    substituted: (word) => substitutions(word).map((sub) => sub.argv),
  };
}

/** What a pipeline stage does with what the stages before it give it. */
function pipeReason(
  sub: BashSubcommand,
  all: readonly BashSubcommand[],
  context: CommandContext,
): { reason?: DangerReason; inner: readonly Danger[] } | undefined {
  const pipe = sub.pipe;
  if (pipe === undefined || pipe.stage === 0) return undefined;
  const before = all.filter((other) => other.pipe?.source === pipe.source && other.pipe.stage < pipe.stage);
  const kind = inputKind(sub.argv);
  if (kind === 'shell' || kind === 'code') {
    if (before.some((other) => DOWNLOADER_SET.has(withoutRoot(other.argv)[0] ?? '')))
      return { reason: 'downloads-and-runs', inner: [] };
    if (before.some((other) => DECODERS.some((decodes) => decodes(other.argv))))
      return { reason: 'hides-command', inner: [] };
  }
  const printed = before.find((other) => other.pipe!.stage === 0);
  const text =
    printed !== undefined && ['echo', 'printf'].includes(printed.argv[0] ?? '')
      ? printed.argv.slice(1).join(' ')
      : undefined;
  if (text !== undefined && kind !== undefined)
    return { inner: inputDangers(sub.argv, text, pipe.source, context) };
  if (printed?.input !== undefined && kind !== undefined)
    return { inner: inputDangers(sub.argv, printed.input, pipe.source, context) };
  if (sendsToNetwork(withoutRoot(sub.argv)) && before.some((other) => leaksInput(other.argv)))
    return { reason: 'sends-secrets', inner: [] };
  return undefined;
}

/** A program a shell, an interpreter or a database client reads on its input. */
function inputDangers(
  argv: readonly string[],
  input: string,
  text: string,
  context: CommandContext,
): Danger[] {
  switch (inputKind(argv)) {
    case 'shell':
      return context.script(input);
    case 'code':
      return codeDangers(input).map((reason) => ({ text, reason }));
    case 'sql':
      return destroysData(input) ? [{ text, reason: 'destroys-remote' }] : [];
    default:
      return [];
  }
}

/** What a line has fetched from the network so far, as absolute paths: files, and folders of files. */
interface Fetched {
  readonly files: string[];
  readonly folders: string[];
}

/**
 * Notes what one command fetches: a downloader's output file (`-o`, `-O`, wget's own name, or a redirect
 * of its standard output), a clone's folder, `pip download -d`, and an archive of fetched code unpacked.
 */
function noteFetched(
  sub: BashSubcommand,
  all: readonly BashSubcommand[],
  redirects: readonly BashRedirect[],
  cwd: string,
  home: string,
  fetched: Fetched,
): void {
  const [name = '', ...args] = withoutRoot(sub.argv);
  const at = (path: string) => resolvePath(cwd, path, home);
  if (DOWNLOADER_SET.has(name)) {
    const url = args.find(isUrl);
    const named = outputOf(name, args);
    if (named === '' || (named === undefined && name === 'wget')) {
      if (url !== undefined) fetched.files.push(at(urlFileName(url)));
    } else if (named !== undefined && named !== '-') fetched.files.push(at(named));
    else if (sub.pipe === undefined)
      for (const redirect of redirects) if (redirect.isWrite) fetched.files.push(at(redirect.target));
    return;
  }
  const operands = args.filter((arg) => !arg.startsWith('-'));
  if (name === 'git' && operands[0] === 'clone') {
    const [, url = '', folder] = operands;
    fetched.folders.push(at(folder ?? urlFileName(url).replace(/\.git$/, '')));
  } else if ((name === 'pip' || name === 'pip3') && operands[0] === 'download') {
    fetched.folders.push(at(optionValue(args, ['-d', '--dest']) ?? '.'));
  } else if (
    unpacks(name, args) &&
    (fedByDownload(sub, all) || operands.some((arg) => isFetched(at(arg), fetched)))
  ) {
    fetched.folders.push(at(optionValue(args, name === 'tar' ? ['-C', '--directory'] : ['-d']) ?? '.'));
  }
}

function urlFileName(url: string): string {
  return URL.canParse(url) ? baseName(new URL(url).pathname) : '';
}

function optionValue(args: readonly string[], flags: readonly string[]): string | undefined {
  const at = args.findIndex((arg) => flags.includes(arg));
  if (at !== -1) return args[at + 1];
  const long = flags.find((flag) => flag.startsWith('--'));
  return long === undefined
    ? undefined
    : args.find((arg) => arg.startsWith(`${long}=`))?.slice(long.length + 1);
}

function unpacks(name: string, args: readonly string[]): boolean {
  if (name === 'unzip') return true;
  return name === 'tar' && args.some((arg) => /^-?[a-zA-Z]*x/.test(arg) || arg === '--extract');
}

function fedByDownload(sub: BashSubcommand, all: readonly BashSubcommand[]): boolean {
  const pipe = sub.pipe;
  if (pipe === undefined || pipe.stage === 0) return false;
  return all.some(
    (other) =>
      other.pipe?.source === pipe.source &&
      other.pipe.stage < pipe.stage &&
      DOWNLOADER_SET.has(withoutRoot(other.argv)[0] ?? ''),
  );
}

function isFetched(path: string, fetched: Fetched): boolean {
  return fetched.files.includes(path) || fetched.folders.some((folder) => isInside(folder, path));
}

/** A downloader's output file: its name, '' for "named after the URL" (`curl -O`), '-' for standard output. */
function outputOf(name: string, args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (name === 'curl' && (arg === '--remote-name' || /^-[a-zA-Z]*O[a-zA-Z]*$/.test(arg))) return '';
    const long = /^--(?:output|output-document)=(.+)$/.exec(arg)?.[1];
    if (long !== undefined) return long;
    const flag = name === 'curl' ? 'o' : 'O';
    if (arg === `-${flag}` || arg === '--output' || arg === '--output-document') return args[i + 1] ?? '-';
    const short = new RegExp(`^-[a-zA-Z]*${flag}(.+)$`).exec(arg)?.[1];
    if (short !== undefined && name === 'wget') return short;
    if (new RegExp(`^-[a-zA-Z]*${flag}$`).test(arg)) return args[i + 1] ?? '-';
  }
  return undefined;
}

function baseName(path: string): string {
  return path.replace(/\/+$/, '').split('/').at(-1) ?? '';
}

/** A fetched file made executable, run, or handed to a shell or an interpreter. */
function runsFetched(argv: readonly string[], cwd: string, home: string, fetched: Fetched): boolean {
  if (fetched.files.length === 0 && fetched.folders.length === 0) return false;
  const [name = '', ...args] = withoutRoot(argv);
  const isThere = (path: string) => isFetched(resolvePath(cwd, path, home), fetched);
  if (name.includes('/') && isThere(name)) return true;
  return RUNS_FILE.has(name) && args.some((arg) => !arg.startsWith('-') && isThere(arg));
}
