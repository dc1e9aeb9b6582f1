/**
 * A coarse risk label for a call, shown by the console beside the request and given to the classifier.
 * It reads the command the way the Bash analyser parsed it, never by regex over the raw line.
 */
import type { BashSubcommand } from '../bash/types';
import { parseMcpName } from '../matchers/tool-name';
import { familyOf } from '../matchers/tool-catalog';
import type { BashSupport } from '../tools/bash-tool';
import type { ToolCall } from '../tools/types';
import { MCP_READ_VERBS, pathsOf, readPaths } from './call-paths';
import { secretPathKind } from './secret-paths';
import { secretReads } from './secret-reads';
import { riskLabels, type RiskLabel } from '../types';

const PRIVILEGED = new Set([
  'sudo',
  'su',
  'doas',
  'pkexec',
  'run0',
  'mount',
  'umount',
  'systemctl',
  'launchctl',
  'chown',
  'chgrp',
  'useradd',
  'usermod',
  'passwd',
  'visudo',
]);
export const ROOT_COMMANDS = new Set(['sudo', 'su', 'doas', 'pkexec', 'run0']);
const ROOT_WORD = /(?:^|[\s;&|(])(?:sudo|doas|su|pkexec|run0)(?:\s|$)/;
const DESTRUCTIVE = new Set(['rm', 'dd', 'mkfs', 'shred', 'kill', 'killall', 'pkill', 'wipefs', 'fdisk']);
const NETWORK = new Set([
  'curl',
  'wget',
  'ssh',
  'scp',
  'sftp',
  'rsync',
  'nc',
  'ncat',
  'telnet',
  'ftp',
  'gh',
  'http',
  'https',
]);
/** A Map, so a command named after an object's own keys (`constructor`, `__proto__`) finds nothing. */
const NETWORK_SUBCOMMANDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['git', new Set(['push', 'pull', 'fetch', 'clone', 'ls-remote'])],
  ['npm', new Set(['install', 'i', 'ci', 'add', 'publish', 'update'])],
  ['pnpm', new Set(['install', 'i', 'add', 'publish', 'update'])],
  ['yarn', new Set(['install', 'add', 'publish', 'upgrade'])],
  ['pip', new Set(['install', 'download'])],
  ['pip3', new Set(['install', 'download'])],
  ['brew', new Set(['install', 'upgrade', 'update'])],
  ['apt-get', new Set(['install', 'update', 'upgrade'])],
  ['apt', new Set(['install', 'update', 'upgrade'])],
  ['docker', new Set(['pull', 'push', 'login'])],
  ['cargo', new Set(['install', 'publish', 'fetch'])],
]);
/** Commands known to change files; any other command that is not read-only is 'unknown', not a guess. */
const WRITERS = new Set([
  'touch',
  'mkdir',
  'cp',
  'mv',
  'ln',
  'tee',
  'chmod',
  'rmdir',
  'truncate',
  'install',
  'patch',
  'unzip',
  'tar',
]);
const GIT_WRITES = new Set([
  'add',
  'commit',
  'checkout',
  'switch',
  'restore',
  'merge',
  'rebase',
  'cherry-pick',
  'revert',
  'stash',
  'mv',
  'rm',
  'tag',
  'branch',
  'apply',
  'am',
  'init',
]);
const DESTROY_VERBS = /^(delete|remove|drop|destroy|purge|wipe|truncate)(_|$)/i;

export function assessRisk(call: ToolCall, bash?: BashSupport): RiskLabel {
  switch (familyOf(call.toolName)) {
    case 'read':
      return readPaths(call).some(isSecret) ? 'reads secrets' : 'read-only';
    case 'edit':
      return 'writes files';
    case 'webFetch':
      return 'network';
    case 'mcp': {
      const tool = parseMcpName(call.toolName)?.tool ?? '';
      if (MCP_READ_VERBS.test(tool))
        return pathsOf(call.input).some(isSecret) ? 'reads secrets' : 'read-only';
      if (DESTROY_VERBS.test(tool)) return 'destructive';
      return 'network';
    }
    case 'generic':
      return call.toolName === 'WebSearch'
        ? 'network'
        : call.toolName === 'AskUserQuestion' || call.toolName === 'TodoWrite'
          ? 'read-only'
          : 'writes files';
    case 'bash':
      return bashRisk(call, bash);
  }
}

function bashRisk(call: ToolCall, bash: BashSupport | undefined): RiskLabel {
  const command = call.input['command'];
  if (typeof command !== 'string' || !bash) return 'unknown';
  const analysis = bash.analyzer.analyze(command);
  if (!analysis.ok) return 'unknown';
  const labels: RiskLabel[] = analysis.subcommands.map((sub) => subcommandRisk(sub, bash));
  if (analysis.redirects.some((r) => r.isWrite)) labels.push('writes files');
  if (analysis.redirects.some((r) => !r.isWrite && isSecret(r.target))) labels.push('reads secrets');
  if (
    analysis.hasCommandSubstitution ||
    analysis.hasProcessSubstitution ||
    analysis.hasBackticks ||
    analysis.hasEval
  )
    labels.push('unknown');
  return riskLabels.find((label) => labels.includes(label)) ?? 'read-only';
}

/** `ssh host sudo …`: the remote command, however it is quoted, starts a root shell on the other host. */
export function runsAsRootElsewhere(argv: readonly string[]): boolean {
  return argv[0] === 'ssh' && argv.slice(1).some((word) => ROOT_WORD.test(word));
}
export function isSecret(value: unknown): boolean {
  return typeof value === 'string' && secretPathKind(value) !== undefined;
}

/** One subcommand's risk, as `assessRisk` ranks a whole command by its worst part. */
export function subcommandRisk(sub: BashSubcommand, bash: BashSupport): RiskLabel {
  const [name = '', verb = ''] = sub.argv;
  if (PRIVILEGED.has(name) || runsAsRootElsewhere(sub.argv)) return 'privileged';
  if (DESTRUCTIVE.has(name) || name.startsWith('mkfs')) return 'destructive';
  if (name === 'git' && (verb === 'clean' || (verb === 'reset' && sub.argv.includes('--hard'))))
    return 'destructive';
  if (name === 'git' && verb === 'push' && sub.argv.some((a) => a === '-f' || a.startsWith('--force')))
    return 'destructive';
  if (secretReads(sub.argv).length > 0) return 'reads secrets';
  if (NETWORK.has(name) || NETWORK_SUBCOMMANDS.get(name)?.has(verb)) return 'network';
  if (bash.isReadOnlyCommand(sub)) return 'read-only';
  if (WRITERS.has(name) || (name === 'git' && GIT_WRITES.has(verb))) return 'writes files';
  if ((name === 'sed' || name === 'perl') && sub.argv.some((a) => /^(?:-\w*i|--in-place)/.test(a)))
    return 'writes files';
  return 'unknown';
}
