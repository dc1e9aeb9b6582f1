/**
 * Runs the built `gatehouse` CLI as a user (or Claude Code) would: `serve` as a long-lived child whose
 * printed URL the test opens, and `hook` as a short-lived child fed JSON on stdin with no TTY.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { keyringFreeEnv } from '../support/keyring-free-env';
import { webConsoleUrl } from '../support/web-console-url';

export const CLI = resolve('out/cli/gatehouse.mjs');

export function assertBuilt(): void {
  if (!existsSync(CLI) || !existsSync(resolve('out/renderer/index.html'))) {
    throw new Error('The end-to-end tests run the built app: run "npm run build" first.');
  }
}

export interface RunningConsole {
  readonly url: string;
  readonly home: string;
  readonly process: ChildProcessWithoutNullStreams;
  stop(): Promise<number | null>;
}

/**
 * Starts `gatehouse serve` on a fresh home, or on `home` to start a console again where one ran; a home the
 * test passed in is the test's to remove.
 */
export async function startServe(
  extraArgs: string[] = [],
  options: { readonly home?: string } = {},
): Promise<RunningConsole> {
  assertBuilt();
  const home = options.home ?? (await mkdtemp(join(tmpdir(), 'gatehouse-e2e-')));
  const child = spawn(process.execPath, [CLI, 'serve', '--home', home, ...extraArgs], {
    stdio: 'pipe',
    env: keyringFreeEnv(home),
  });
  const url = await webConsoleUrl(child);
  return {
    url,
    home,
    process: child,
    async stop() {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      const code = await exited;
      if (options.home === undefined) await rm(home, { recursive: true, force: true });
      return code;
    },
  };
}

export interface HookRun {
  readonly exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Ends the hook as an agent may: Codex kills it outright (SIGKILL) on Esc. */
  kill(signal: NodeJS.Signals): void;
}

/** Spawns the hook exactly as Claude Code does: JSON on stdin, pipes for every stream, no TTY. */
/** `agent` is the words before the event: none for Claude Code, `['codex']` for the Codex CLI. */
export function spawnHook(
  home: string,
  payload: unknown,
  env: Record<string, string> = {},
  agent: readonly string[] = [],
  event = 'permission-request',
): HookRun {
  const child = spawn(process.execPath, [CLI, 'hook', ...agent, event], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', GATEHOUSE_HOME: home, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(JSON.stringify(payload));
  return {
    exit: new Promise((r) => child.once('exit', (code) => r({ code, stdout, stderr }))),
    kill: (signal) => void child.kill(signal),
  };
}

export function permissionRequestPayload(command: string, overrides: Record<string, unknown> = {}) {
  return {
    session_id: 'e2e-session',
    transcript_path: '/tmp/transcript.jsonl',
    cwd: '/home/dev/projects/shop',
    permission_mode: 'default',
    hook_event_name: 'PermissionRequest',
    tool_name: 'Bash',
    tool_input: { command, description: 'Run the release script' },
    ...overrides,
  };
}
