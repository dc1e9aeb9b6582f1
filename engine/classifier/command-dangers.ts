/**
 * The dangers of one simple command, read from its words as Bash passes them: the command itself and every
 * command it runs in turn (`env`, `sudo`, `xargs`, `find -exec`, a shell's `-c` script, `eval`, an alias).
 * Programs handed to a shell are analysed again by the caller's Bash analysis, so `bash -c '…'` around a
 * danger hides nothing; programs in other languages go to code-dangers.ts.
 */
import { isInside, resolvePath } from '../paths/posix';
import { DOWNLOADERS, READS_PROGRAM_FROM_INPUT_SET } from '../bash/programs';
import { codeDangers, destroysData } from './code-dangers';
import { ROOT_COMMANDS, runsAsRootElsewhere } from './risk';
import { importantPath, runsLaterPath } from './danger-paths';
import type { Danger, DangerPlace, DangerReason } from './danger-reasons';
import { secretPathKind } from './secret-paths';
import { secretReads } from './secret-reads';

export const DOWNLOADER_SET: ReadonlySet<string> = new Set(DOWNLOADERS);
export const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'mksh']);
/** The flags after which an interpreter's next word is its program. */
const CODE_FLAGS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['python', new Set(['-c'])],
  ['python3', new Set(['-c'])],
  ['python2', new Set(['-c'])],
  ['node', new Set(['-e', '--eval', '-p', '--print'])],
  ['bun', new Set(['-e', '--eval'])],
  ['ruby', new Set(['-e'])],
  ['perl', new Set(['-e', '-E'])],
  ['php', new Set(['-r'])],
]);
const DELETERS = new Set(['rm', 'shred', 'rmdir', 'unlink']);
const STOPPERS = new Set(['kill', 'killall', 'pkill']);
const WIPERS = new Set(['dd', 'wipefs', 'fdisk', 'sfdisk', 'parted']);
const SYSTEM_CHANGERS = new Set([
  'mount',
  'umount',
  'chown',
  'chgrp',
  'useradd',
  'usermod',
  'userdel',
  'passwd',
  'visudo',
]);
const NETWORK_SENDERS = new Set([
  'curl',
  'wget',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'http',
  'https',
  'scp',
  'rsync',
  'sftp',
  'ftp',
]);
const ENV_DUMPERS = new Set(['env', 'printenv', 'set', 'export', 'declare', 'compgen']);
const COPIERS = new Set(['cp', 'mv', 'ln', 'install', 'rsync']);
const SECRET_VARIABLE =
  /\$\{?[A-Za-z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIALS?|ACCESS_KEY)[A-Za-z0-9_]*\}?/i;
const SECRET_NAME = /(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIALS?|ACCESS_KEY)/i;
const KEY_IN_QUERY =
  /[?&](?:(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|private[_-]?token|token|secret|client[_-]?secret|password|passwd|sig|signature)=[^&#\s]+|key=[A-Za-z0-9_$-]{16})/i;
/** Git's own keys whose value is a program it runs later. */
const GIT_RUNS_LATER =
  /^(?:core\.(?:sshcommand|hookspath|fsmonitor|pager|editor|askpass)|sequence\.editor|credential\..*helper|diff\..*(?:command|textconv)|diff\.external|merge\..*driver|filter\..*(?:clean|smudge|process)|gpg\.(?:.*\.)?program|alias\..*|include\.path|includeif\..*)$/i;

/** What a command analysis offers back: the same analysis of a Bash program found inside a word. */
export interface CommandContext {
  readonly place: DangerPlace;
  /** The dangers of a Bash program given to a shell (`bash -c`, `eval`, a heredoc), analysed in full. */
  readonly script: (program: string) => Danger[];
  /** Whether a word's substitutions (`"$(curl …)"`, `<(wget …)`) fetch from the network. */
  readonly fetches: (word: string) => boolean;
  /** The commands a word's substitutions run, by name. */
  readonly substituted: (word: string) => readonly (readonly string[])[];
}

const isExpansion = (word: string): boolean => /[$`]|^[<>]\(/.test(word);
/** A word Bash expands into other words before running it: a glob or a brace list. */
const expandsToWords = (word: string): boolean => /[*?]|\{[^}]*(?:,|\.\.)[^}]*\}/.test(word);

/** `/usr/bin/sudo` is `sudo`: a command named by its full path is that command. */
function commandName(word: string): string {
  return word.startsWith('/') ? (word.split('/').at(-1) ?? word) : word;
}

export function commandDangers(argv: readonly string[], source: string, context: CommandContext): Danger[] {
  const dangers: Danger[] = [];
  const add = (reason: DangerReason | undefined): void => {
    if (reason !== undefined) dangers.push({ text: source, reason });
  };
  const [written = '', ...args] = argv;
  if (written === '') return dangers;
  const name = commandName(written);
  if (isExpansion(name) || expandsToWords(name)) {
    add(context.fetches(name) ? 'downloads-and-runs' : 'hides-command');
    return dangers;
  }
  if (/\$\{?IFS\}?/.test(source)) add('hides-command');

  if (ROOT_COMMANDS.has(name)) {
    add('root');
    if (name === 'su') {
      const script = suScript(args);
      if (script !== undefined) dangers.push(...context.script(unquoted(script)));
    } else {
      const inner = afterOptions(args, ROOT_OPTION_VALUES[name]);
      if (inner.length) dangers.push(...commandDangers(inner, source, context));
    }
    return dedupe(dangers);
  }
  const inner = innerCommand(name, args);
  if (inner !== undefined) {
    if (name === 'xargs' && runsItsInput(args, inner)) add('hides-command');
    dangers.push(...commandDangers(inner, source, context));
    if (name !== 'find') return dedupe(dangers);
  }

  if (SHELLS.has(name)) dangers.push(...shellDangers(args, source, context));
  else if (CODE_FLAGS.has(name) || name === 'deno')
    dangers.push(...interpreterDangers(name, args, source, context));
  else if (name === 'eval') dangers.push(...evalDangers(args, source, context));
  else if (AWKS.has(name)) {
    const program = args.find((arg) => !arg.startsWith('-'));
    if (program !== undefined)
      dangers.push(...codeDangers(program).map((reason) => ({ text: source, reason })));
  } else if (name === 'source' || name === '.') {
    if (args[0] !== undefined && context.fetches(args[0])) add('downloads-and-runs');
  } else if (name === 'alias') {
    for (const arg of args) {
      const value = arg.slice(arg.indexOf('=') + 1);
      if (arg.includes('=')) dangers.push(...context.script(value));
    }
  } else if (runsAsRootElsewhere(argv)) add('root-elsewhere');

  add(ownReason(name, args, context));
  for (const word of secretReads(argv)) if (word) add('reads-secret');
  return dedupe(dangers);
}

function dedupe(dangers: readonly Danger[]): Danger[] {
  return dangers.filter(
    (danger, index) =>
      dangers.findIndex((d) => d.text === danger.text && d.reason === danger.reason) === index,
  );
}

const AWKS = new Set(['awk', 'gawk', 'mawk', 'nawk']);
export const isUrl = (word: string): boolean => /^(?:https?|ftp):\/\//i.test(word);

/** `xargs -I{} sh -c {}`: the shell's program is whatever xargs reads on its input. */
function runsItsInput(args: readonly string[], inner: readonly string[]): boolean {
  const at = args.findIndex(
    (arg) => arg === '-I' || arg === '-i' || arg.startsWith('-I') || arg.startsWith('--replace'),
  );
  if (at === -1) return false;
  const flag = args[at]!;
  const placeholder = flag === '-I' ? args[at + 1] : flag.startsWith('-I') ? flag.slice(2) : '{}';
  const [shell = '', ...rest] = inner;
  return SHELLS.has(commandName(shell)) && shellProgram(rest) === placeholder;
}

/** Options of root commands that take a value. */
const ROOT_OPTION_VALUES: Readonly<Record<string, ReadonlySet<string>>> = {
  sudo: new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '--user', '--group']),
  run0: new Set(['-u', '--user', '-g', '--group', '-D', '--chdir']),
  doas: new Set(['-u', '-C']),
  pkexec: new Set(['--user']),
};

function afterOptions(args: readonly string[], withValue: ReadonlySet<string> = new Set()): string[] {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) {
    if (args[i] === '--') return args.slice(i + 1);
    i += withValue.has(args[i]!) ? 2 : 1;
  }
  return args.slice(i);
}

function suScript(args: readonly string[]): string | undefined {
  const at = args.findIndex((arg) => arg === '-c' || arg === '--command');
  if (at !== -1) return args[at + 1];
  return args.find((arg) => arg.startsWith('--command='))?.slice('--command='.length);
}

/** The command a runner runs for it: `env A=1 x`, `exec x`, `xargs -0 x`, `watch -n 1 x`, `find … -exec x {} ;`. */
function innerCommand(name: string, args: readonly string[]): string[] | undefined {
  switch (name) {
    case 'env': {
      let i = 0;
      while (i < args.length) {
        const arg = args[i]!;
        if (arg === '-u' || arg === '--unset' || arg === '-C' || arg === '--chdir') i += 2;
        else if (arg.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(arg)) i++;
        else break;
      }
      return i < args.length ? args.slice(i) : undefined;
    }
    case 'exec':
    case 'command':
    case 'builtin':
    case 'busybox':
    case 'setsid':
    case 'nohup':
    case 'time': {
      if (name === 'command' && args.some((arg) => arg === '-v' || arg === '-V')) return undefined;
      const rest = afterOptions(args);
      return rest.length ? rest : undefined;
    }
    case 'xargs':
    case 'watch':
    case 'timeout':
    case 'nice': {
      const withValue = new Set([
        '-n',
        '-I',
        '-P',
        '-L',
        '-d',
        '-a',
        '-s',
        '-E',
        '-i',
        '-k',
        '--signal',
        '--interval',
      ]);
      let rest = afterOptions(args, withValue);
      if (name === 'timeout' && rest.length) rest = rest.slice(1);
      return rest.length ? rest : undefined;
    }
    case 'find': {
      const at = args.findIndex((arg) => ['-exec', '-execdir', '-ok', '-okdir'].includes(arg));
      if (at === -1) return undefined;
      const end = args.findIndex((arg, i) => i > at && (arg === ';' || arg === '+'));
      const inner = args.slice(at + 1, end === -1 ? undefined : end);
      return inner.length ? inner : undefined;
    }
    default:
      return undefined;
  }
}

function shellDangers(args: readonly string[], source: string, context: CommandContext): Danger[] {
  const script = shellProgram(args);
  if (script === undefined) {
    const file = args.find((arg) => !arg.startsWith('-'));
    return file !== undefined && context.fetches(file)
      ? [{ text: source, reason: 'downloads-and-runs' }]
      : [];
  }
  if (context.fetches(script)) return [{ text: source, reason: 'downloads-and-runs' }];
  return context.script(unquoted(script));
}

/** The script after `-c` (also in a cluster: `-lc`, `-ec`), or undefined when the shell runs a file or its input. */
function shellProgram(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-') || arg === '-' || arg === '--') return undefined;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg)) return args.slice(i + 1).find((word) => !word.startsWith('-'));
  }
  return undefined;
}

/** A double-quoted word as its source text loses its quotes: its contents are the program. */
function unquoted(word: string): string {
  return word.length >= 2 && word.startsWith('"') && word.endsWith('"') ? word.slice(1, -1) : word;
}

/** The program an interpreter runs from its words: after a code flag, or `deno eval`. */
export function interpreterProgram(name: string, args: readonly string[]): string | undefined {
  if (name === 'deno') return args[0] === 'eval' ? args[1] : undefined;
  const flags = CODE_FLAGS.get(name);
  const at = args.findIndex(
    (arg) => flags?.has(arg) || (name.startsWith('python') && /^-[a-zA-Z]*c$/.test(arg)),
  );
  return at === -1 ? undefined : args[at + 1];
}

function interpreterDangers(
  name: string,
  args: readonly string[],
  source: string,
  context: CommandContext,
): Danger[] {
  const program = interpreterProgram(name, args);
  if (program === undefined) {
    // `deno run -A https://…`, `python3 <(curl …)`: the script is fetched as it starts.
    const file = args
      .filter((arg) => !arg.startsWith('-'))
      .find((arg) => !(name === 'deno' && arg === 'run'));
    return file !== undefined && (isUrl(file) || context.fetches(file))
      ? [{ text: source, reason: 'downloads-and-runs' }]
      : [];
  }
  if (context.fetches(program)) return [{ text: source, reason: 'downloads-and-runs' }];
  return codeDangers(program).map((reason) => ({ text: source, reason }));
}

function evalDangers(args: readonly string[], source: string, context: CommandContext): Danger[] {
  const program = args.join(' ');
  if (context.fetches(program)) return [{ text: source, reason: 'downloads-and-runs' }];
  if (args.some(isExpansion)) return [{ text: source, reason: 'hides-command' }];
  return context.script(program);
}

/** The reason a command gives by what it is and what its words say, past any runner. */
function ownReason(name: string, args: readonly string[], context: CommandContext): DangerReason | undefined {
  const { place } = context;
  if (DELETERS.has(name)) return deletion(args, place);
  // find picks what it deletes inside the folders it starts from: only a start outside the project counts.
  if (
    name === 'find' &&
    (args.includes('-delete') || innerCommand(name, args)?.some((word) => DELETERS.has(word)))
  )
    return findStarts(args).some((path) => beyondProject(path, place)) ? 'deletes-outside' : undefined;
  if (STOPPERS.has(name)) return 'stops-processes';
  if (WIPERS.has(name) || name.startsWith('mkfs'))
    return name === 'dd' && !args.some((a) => a.startsWith('of=')) ? undefined : 'wipes';
  if (name === 'git') return gitReason(args);
  if (name === 'truncate')
    return operands(args, new Set(['-s', '--size', '-r', '--reference'])).some((path) =>
      importantPath(path, place.cwd, place.home),
    )
      ? 'overwrites-important'
      : undefined;
  if (name === 'chmod' && args.some((arg) => /^-[a-zA-Z]*R/.test(arg) || arg === '--recursive'))
    return operands(args).some((path) => beyondProject(path, place)) ? 'changes-system' : undefined;
  if (SYSTEM_CHANGERS.has(name)) return 'changes-system';
  if (name === 'systemctl') return systemctlReason(args);
  if (name === 'systemd-run')
    return args.some((a) =>
      /^--on-(?:active|boot|startup|unit-active|unit-inactive|calendar|clock-change|timezone-change)/.test(a),
    )
      ? 'runs-later'
      : 'changes-system';
  if (name === 'npm' && runsOnInstall(args)) return 'runs-later';
  if (name === 'launchctl') {
    if (['list', 'print', 'print-disabled', 'blame', 'help', 'version'].includes(args[0] ?? ''))
      return undefined;
    return args.some((a) => ['load', 'bootstrap', 'enable', 'submit', 'kickstart'].includes(a))
      ? 'runs-later'
      : 'changes-system';
  }
  if (name === 'crontab')
    return args.every((a) => a === '-l' || a.startsWith('-u')) && args.includes('-l')
      ? undefined
      : 'runs-later';
  if (name === 'at' || name === 'batch') return 'runs-later';
  if (COPIERS.has(name) || name === 'tee') return writeReason(name, args, place);
  if ((name === 'docker' || name === 'podman') && ['run', 'create'].includes(args[0] ?? ''))
    return containerReason(args.slice(1));
  if (destroysRemote(name, args)) return 'destroys-remote';
  if (printsSecret(name, args)) return 'prints-secret';
  if (NETWORK_SENDERS.has(name) && sendsSecrets(name, args, context)) return 'sends-secrets';
  if (name === 'ssh-copy-id') return 'runs-later';
  return undefined;
}

/** systemctl's verbs that only show state change nothing. */
const SYSTEMCTL_SHOWS = new Set([
  'status',
  'show',
  'cat',
  'list-units',
  'list-unit-files',
  'list-timers',
  'list-sockets',
  'list-dependencies',
  'is-active',
  'is-enabled',
  'is-failed',
  'help',
]);

function systemctlReason(args: readonly string[]): DangerReason | undefined {
  const verb = args.find((arg) => !arg.startsWith('-'));
  if (verb === undefined || SYSTEMCTL_SHOWS.has(verb)) return undefined;
  if (args.includes('--user'))
    return ['enable', 'link', 'start', 'restart', 'reenable', 'edit'].includes(verb)
      ? 'runs-later'
      : undefined;
  return 'changes-system';
}

/** npm's lifecycle scripts run on every install: setting one is code that runs later. */
function runsOnInstall(args: readonly string[]): boolean {
  const lifecycle =
    /^scripts\.(?:pre|post)?(?:install|prepare|publish|prepublish|prepack|postpack|uninstall)=/;
  return (
    (args[0] === 'pkg' && args[1] === 'set' && args.slice(2).some((a) => lifecycle.test(a))) ||
    args[0] === 'set-script'
  );
}

/** A deletion outside the project says so; one whose target is unknown, or the project itself, is still a deletion. */
function deletion(paths: readonly string[], place: DangerPlace): DangerReason | undefined {
  const targets = paths.filter((path) => !path.startsWith('-'));
  if (targets.some((path) => beyondProject(path, place))) return 'deletes-outside';
  if (targets.some((path) => /[$`]/.test(path) || isProjectRoot(globBase(path), place))) return 'deletes';
  return undefined;
}

function findStarts(args: readonly string[]): string[] {
  const end = args.findIndex((arg) => arg.startsWith('-') || arg === '(' || arg === '!');
  const starts = args.slice(0, end === -1 ? undefined : end);
  return starts.length ? starts : ['.'];
}

/** The directory a path or glob names: `src/*.tmp` → `src`, `*` → `.`. */
function globBase(path: string): string {
  const at = path.search(/[*?[]/);
  if (at === -1) return path;
  const slash = path.lastIndexOf('/', at);
  return slash === -1 ? '.' : path.slice(0, slash) || '/';
}

function resolved(path: string, place: DangerPlace): string | undefined {
  const withHome = path.replace(/^\$\{?HOME\}?(?=\/|$)/, '~');
  if (/[$`]/.test(withHome)) return undefined;
  return resolvePath(place.cwd, globBase(withHome), place.home);
}

function beyondProject(path: string, place: DangerPlace): boolean {
  const absolute = resolved(path, place);
  return (
    absolute !== undefined &&
    !place.roots.some((root) => isInside(resolvePath('/', root, place.home), absolute))
  );
}

function isProjectRoot(path: string, place: DangerPlace): boolean {
  const absolute = resolved(path, place);
  return (
    absolute !== undefined && place.roots.some((root) => resolvePath('/', root, place.home) === absolute)
  );
}

function operands(args: readonly string[], withValue: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (withValue.has(arg)) i++;
    else if (!arg.startsWith('-')) out.push(arg);
  }
  return out;
}

function gitReason(args: readonly string[]): DangerReason | undefined {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-'))
    i += ['-C', '-c', '--git-dir', '--work-tree'].includes(args[i]!) ? 2 : 1;
  const [verb, ...rest] = args.slice(i);
  switch (verb) {
    case 'push':
      return rest.some(
        (arg) =>
          /^-[a-zA-Z]*f[a-zA-Z]*$/.test(arg) ||
          /^--(?:force|force-with-lease|force-if-includes|mirror|delete|prune)(?:=|$)/.test(arg) ||
          arg === '-d' ||
          (/^[+:]./.test(arg) && !arg.startsWith('::')),
      )
        ? 'rewrites-remote'
        : undefined;
    case 'reset':
      return rest.includes('--hard') ? 'discards-work' : undefined;
    case 'clean':
      return 'discards-work';
    case 'config': {
      const words = rest.filter((arg) => !arg.startsWith('-'));
      return words.length >= 2 && GIT_RUNS_LATER.test(words[0]!) ? 'runs-later' : undefined;
    }
    default:
      return undefined;
  }
}

function writeReason(name: string, args: readonly string[], place: DangerPlace): DangerReason | undefined {
  const paths = operands(
    args,
    new Set(['-t', '--target-directory', '-m', '--mode', '-o', '-g', '-S', '--suffix']),
  );
  const targets = name === 'tee' ? paths : paths.slice(-1);
  if (targets.some(runsLaterPath)) return 'runs-later';
  if (name !== 'tee' && targets.some((path) => importantPath(path, place.cwd, place.home)))
    return 'overwrites-important';
  return undefined;
}

function containerReason(args: readonly string[]): DangerReason | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-')) break;
    if (
      arg === '--privileged' ||
      /^--(?:pid|ipc|userns|uts)=host$/.test(arg) ||
      /^--cap-add=(?:ALL|SYS_ADMIN)$/i.test(arg)
    )
      return 'privileged-container';
    const mount =
      arg === '-v' || arg === '--volume' || arg === '--mount'
        ? args[i + 1]
        : /^(?:-v|--volume=|--mount=)(.+)$/.exec(arg)?.[1];
    if (mount !== undefined && mountsHost(mount)) return 'privileged-container';
    if (
      [
        '-v',
        '--volume',
        '--mount',
        '-e',
        '--env',
        '-p',
        '--name',
        '-w',
        '--workdir',
        '-u',
        '--user',
        '--network',
        '--entrypoint',
        '-l',
        '--label',
      ].includes(arg)
    )
      i++;
  }
  return undefined;
}

/** A bind mount of the host's root, its system folders, a home folder or the container engine's socket. */
function mountsHost(spec: string): boolean {
  const source = spec.startsWith('type=')
    ? (/(?:source|src)=([^,]+)/.exec(spec)?.[1] ?? '')
    : spec.split(':')[0]!;
  return /^(?:\/|\/etc|\/root|\/home|\/Users|\/var\/run\/docker\.sock|\/run|~|\$\{?HOME\}?)\/?$/.test(source);
}

function destroysRemote(name: string, args: readonly string[]): boolean {
  const [verb = '', next = ''] = args;
  switch (name) {
    case 'terraform':
    case 'tofu':
      return (
        verb === 'destroy' ||
        (verb === 'apply' && args.includes('-destroy')) ||
        (verb === 'state' && next === 'rm')
      );
    case 'pulumi':
      return verb === 'destroy';
    case 'kubectl':
    case 'oc':
      return verb === 'delete' || verb === 'drain';
    case 'helm':
      return verb === 'uninstall' || verb === 'delete';
    case 'docker':
    case 'podman':
      return (
        (['system', 'volume', 'image', 'container', 'network', 'builder'].includes(verb) &&
          next === 'prune' &&
          args.some((a) => /^-[a-zA-Z]*a|^--all|^--volumes/.test(a))) ||
        (verb === 'volume' && (next === 'rm' || next === 'prune'))
      );
    case 'aws':
      return (
        (verb === 's3' && (next === 'rb' || (next === 'rm' && args.includes('--recursive')))) ||
        args.some((a) => /^(?:delete|terminate|deregister)-/.test(a))
      );
    case 'gcloud':
    case 'az':
    case 'doctl':
    case 'flyctl':
    case 'fly':
    case 'heroku':
    case 'vercel':
    case 'gh':
      return args.some((a) => ['delete', 'destroy', 'rm', 'remove', 'apps:destroy'].includes(a));
    case 'dropdb':
    case 'dropuser':
      return true;
    case 'psql':
    case 'mysql':
    case 'mariadb':
    case 'sqlite3':
    case 'mongosh':
    case 'mongo':
    case 'redis-cli':
    case 'clickhouse-client':
    case 'duckdb':
    case 'cqlsh':
      return args.some(destroysData);
    default:
      return false;
  }
}

function printsSecret(name: string, args: readonly string[]): boolean {
  const line = args.join(' ');
  switch (name) {
    case 'gh':
      return (
        /^auth token\b/.test(line) ||
        (args[0] === 'auth' && args.some((a) => a === '-t' || a === '--show-token'))
      );
    case 'security':
      return /^find-(?:generic|internet)-password\b/.test(line) && args.some((a) => a === '-w' || a === '-g');
    case 'aws':
      return (
        /\b(?:get-session-token|get-login-password|get-authorization-token|export-credentials|assume-role|get-federation-token)\b/.test(
          line,
        ) || /^configure get \S*(?:secret|key|token)/i.test(line)
      );
    case 'gcloud':
      return /\bprint-(?:access|identity)-token\b/.test(line);
    case 'az':
      return /\bget-access-token\b/.test(line) || /\bkeyvault secret show\b/.test(line);
    case 'kubectl':
      return (/^config view\b/.test(line) && args.includes('--raw')) || /^get secrets?\b.*-o/.test(line);
    case 'heroku':
      return args[0] === 'auth:token';
    case 'op':
      return args[0] === 'read' || (args[0] === 'item' && args.some((a) => a === '--reveal'));
    case 'vault':
      return args[0] === 'read' || (args[0] === 'kv' && args[1] === 'get');
    case 'pass':
      return args[0] === 'show' || (args.length === 1 && !args[0]!.startsWith('-'));
    case 'doppler':
      return args[0] === 'secrets';
    case 'npm':
    case 'pnpm':
    case 'yarn':
      return (
        args[0] === 'token' || (args[0] === 'config' && args[1] === 'get' && SECRET_NAME.test(args[2] ?? ''))
      );
    case 'printenv':
      return args.some((a) => SECRET_NAME.test(a));
    case 'echo':
    case 'printf':
      return args.some((a) => SECRET_VARIABLE.test(a));
    default:
      return false;
  }
}

/** A URL whose query carries a key, a token or a password: whoever serves it, or logs it, has the key. */
export function urlCarriesKey(url: string): boolean {
  return /^(?:https?|wss?):\/\//i.test(url) && KEY_IN_QUERY.test(url);
}

/** A secret file uploaded, an environment dump in the payload, or a key in the URL. */
function sendsSecrets(name: string, args: readonly string[], context: CommandContext): boolean {
  if (args.some((arg) => urlCarriesKey(unquoted(arg)))) return true;
  if (
    args.some((arg) => {
      const file =
        /^(?:[^=@]*=)?@(.+)$/.exec(arg)?.[1] ?? (name === 'scp' || name === 'rsync' ? arg : undefined);
      return file !== undefined && secretPathKind(file) !== undefined;
    })
  )
    return true;
  const upload = args.findIndex((arg) => arg === '-T' || arg === '--upload-file');
  if (upload !== -1 && secretPathKind(args[upload + 1] ?? '') !== undefined) return true;
  return args.some(
    (arg) =>
      isExpansion(arg) &&
      context
        .substituted(arg)
        .some(
          ([inner = '', ...rest]) =>
            (ENV_DUMPERS.has(inner) && rest.length === 0) ||
            (inner !== '' && secretReads([inner, ...rest]).length > 0),
        ),
  );
}

/** An environment dump (`env`, `printenv`, `set`, `export -p`) or a read of a secret file, as a pipeline's source. */
export function leaksInput(argv: readonly string[]): boolean {
  const [name = '', ...args] = argv;
  if (ENV_DUMPERS.has(name))
    return args.length === 0 || args.every((arg) => arg === '-p' || arg === '-x' || arg === '-0');
  return secretReads(argv).length > 0 || printsSecret(name, args);
}

export function sendsToNetwork(argv: readonly string[]): boolean {
  return NETWORK_SENDERS.has(argv[0] ?? '') || (argv[0] === 'gh' && argv[1] === 'gist');
}

/** A shell or interpreter with no program of its own: it runs what it reads on its input. */
export function readsProgramFromInput(argv: readonly string[]): boolean {
  const [name = '', ...args] = withoutRoot(argv);
  if (!READS_PROGRAM_FROM_INPUT_SET.has(name) && !SHELLS.has(name)) return false;
  // `bash -s -- a b`: with -s the words after it are the program's arguments, the program is the input.
  let fromInput = false;
  for (const arg of args) {
    if (arg === '-' || arg === '--') return true;
    if (!arg.startsWith('-')) return fromInput;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg) && !arg.startsWith('--')) return false;
    if (SHELLS.has(name) && /^-[a-zA-Z]*s[a-zA-Z]*$/.test(arg)) fromInput = true;
  }
  return true;
}

/** `sudo -E bash` runs bash: the words after a root command and its options. */
export function withoutRoot(argv: readonly string[]): readonly string[] {
  const [name = '', ...rest] = argv;
  if (name === 'env') return innerCommand(name, rest) ?? argv;
  if (!ROOT_COMMANDS.has(name)) return argv;
  return afterOptions(rest, ROOT_OPTION_VALUES[name]);
}

/** Whether SQL clients or interpreters read a program: which kind of program a piped or heredoc input is. */
export function inputKind(argv: readonly string[]): 'shell' | 'code' | 'sql' | undefined {
  const [name = ''] = withoutRoot(argv);
  if (SHELLS.has(name) && readsProgramFromInput(argv)) return 'shell';
  if (READS_PROGRAM_FROM_INPUT_SET.has(name) && readsProgramFromInput(argv)) return 'code';
  if (
    [
      'psql',
      'mysql',
      'mariadb',
      'sqlite3',
      'mongosh',
      'mongo',
      'redis-cli',
      'clickhouse-client',
      'duckdb',
      'cqlsh',
    ].includes(name)
  )
    return 'sql';
  return undefined;
}
