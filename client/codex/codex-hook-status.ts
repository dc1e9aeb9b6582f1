/**
 * Codex's own verdict on each hook's trust: `codex app-server` answers `hooks/list` with every hook's key
 * and `trustStatus` (trusted | untrusted | modified), computed from the hash only Codex knows. Newline-
 * delimited JSON-RPC over the child's stdio; undefined when Codex cannot be run or does not answer in time.
 */
import { spawn } from 'node:child_process';
import { isObject } from '../hook/shape';

const ANSWER_TIMEOUT_MS = 15_000;

export interface HookStatus {
  readonly trustStatus: string;
  /** What `trusted_hash` must say for Codex to count the hook as trusted. */
  readonly currentHash: string;
}
export type HookStatuses = ReadonlyMap<string, HookStatus>;

function statusesOf(result: unknown): Map<string, HookStatus> | undefined {
  if (!isObject(result) || !Array.isArray(result.data)) return undefined;
  const statuses = new Map<string, HookStatus>();
  for (const entry of result.data as unknown[]) {
    if (!isObject(entry) || !Array.isArray(entry.hooks)) continue;
    for (const hook of entry.hooks as unknown[])
      if (
        isObject(hook) &&
        typeof hook.key === 'string' &&
        typeof hook.trustStatus === 'string' &&
        typeof hook.currentHash === 'string'
      )
        statuses.set(hook.key, { trustStatus: hook.trustStatus, currentHash: hook.currentHash });
  }
  return statuses;
}

/** `codex` is the program to run (PATH is searched), `env` carries CODEX_HOME. */
export function codexHookStatuses(
  codex: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<HookStatuses | undefined> {
  return new Promise((done) => {
    let child;
    try {
      child = spawn(codex, ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    } catch {
      return done(undefined);
    }
    const finish = (statuses: HookStatuses | undefined) => {
      clearTimeout(timer);
      child.kill();
      done(statuses);
    };
    const timer = setTimeout(() => finish(undefined), ANSWER_TIMEOUT_MS);
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    child.on('error', () => finish(undefined));
    child.on('exit', () => finish(undefined));
    child.stdin.on('error', () => finish(undefined));
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          continue;
        }
        if (!isObject(message)) continue;
        if (message.id === 1) {
          send({ method: 'initialized' });
          send({ id: 2, method: 'hooks/list', params: { cwds: [cwd] } });
        } else if (message.id === 2) finish(statusesOf(message.result));
      }
    });
    send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'gatehouse-doctor', version: '1' } } });
  });
}
