/**
 * The agent and everything it starts, kept from outliving `gatehouse acp`. Some agents ignore their stdin
 * closing (claude-agent-acp, and the claude binary it runs), so an editor that SIGKILLs the proxy left them
 * running. On Linux and macOS the agent runs under a watchdog, a small Node process in a process group of
 * its own (the agent and its children join it): the watchdog holds one end of a socket pair whose other end
 * only the proxy holds, so the kernel closes it when the proxy ends, however it ends, and the watchdog then
 * ends the whole group. Nothing is polled, and nothing passes through the watchdog: the agent's stdin and
 * stdout are the proxy's own pipes, handed down.
 *
 * To the proxy the watchdog is the agent: it passes on the stop signals (and kills the group of an agent
 * still there two seconds later), and exits with the agent's code (128 + the signal's number when killed).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';

/**
 * How long the agent's group has to leave on SIGTERM before it is killed: after the proxy has gone, the
 * agent has exited and left processes behind, or a stop signal passed on to the agent did not end it.
 */
export const GROUP_KILL_AFTER_MS = 2_000;

/** Says why the agent could not start, on the socket pair, before the watchdog exits with this code. */
export const NOT_STARTED = 127;

/**
 * The watchdog, run as `node -e WATCHDOG -- <command> [args…]`: CommonJS, self-contained, so it runs
 * from the bundled CLI and from the sources alike. fd 3 is the socket pair; 0, 1 and 2 go to the agent.
 */
const WATCHDOG = `'use strict';
const { spawn } = require('node:child_process');
const { closeSync } = require('node:fs');
const { Socket } = require('node:net');
const { constants } = require('node:os');
const [command, ...args] = process.argv.slice(1);
// What ps shows instead of this script.
process.title = 'gatehouse acp (watchdog of ' + command + ')';
const toGroup = (signal) => {
  try { process.kill(-process.pid, signal); } catch {}
};
const life = new Socket({ fd: 3, readable: true, writable: true });
let proxyGone = false;
let started = true;
const agent = spawn(command, args, { stdio: 'inherit' });
// Only the agent holds the editor's streams now, so they end when it ends.
closeSync(0);
closeSync(1);
// Some agents leave a stop signal to their children, as a terminal would signal them all (Gemini CLI's
// launcher ignores it): an agent still there after the grace period goes with its group.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'])
  process.on(signal, () => {
    agent.kill(signal);
    setTimeout(() => toGroup('SIGKILL'), ${GROUP_KILL_AFTER_MS}).unref();
  });
agent.once('error', (error) => {
  started = false;
  life.end(error.message, () => process.exit(${NOT_STARTED}));
});
agent.once('exit', (code, signal) => {
  if (!started) return;
  // What the agent started goes with it.
  toGroup(proxyGone ? 'SIGKILL' : 'SIGTERM');
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
life.on('error', () => {});
life.once('close', () => {
  proxyGone = true;
  toGroup('SIGTERM');
  setTimeout(() => toGroup('SIGKILL'), ${GROUP_KILL_AFTER_MS});
});
life.resume();
`;

export interface AgentProcess {
  readonly stdin: Writable;
  readonly stdout: Readable;
  /** Passes a stop signal on to the agent. */
  signal(signal: NodeJS.Signals): void;
  /** Kills the agent and everything it started, at once. */
  killAll(): void;
  /** The agent's exit code, or why it could not start (a sentence) with NOT_STARTED. */
  readonly exited: Promise<{ code: number; notStarted?: string }>;
}

export function spawnAgent(
  command: string,
  args: readonly string[],
  options: { readonly env: Readonly<Record<string, string | undefined>>; readonly cwd: string },
): AgentProcess {
  const watched = process.platform !== 'win32';
  const child = watched
    ? spawn(process.execPath, ['-e', WATCHDOG, '--', command, ...args], {
        stdio: ['pipe', 'pipe', 'inherit', 'pipe'],
        env: options.env as NodeJS.ProcessEnv,
        cwd: options.cwd,
        // A session and process group of its own, which the agent and its children join.
        detached: true,
      })
    : // Windows has no process groups to end; its agents there end with their stdin.
      spawn(command, [...args], {
        stdio: ['pipe', 'pipe', 'inherit'],
        env: options.env as NodeJS.ProcessEnv,
        cwd: options.cwd,
      });
  const killAll = () => {
    if (!watched || child.pid === undefined) return void child.kill('SIGKILL');
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group has gone already.
    }
  };
  return {
    stdin: child.stdin!,
    stdout: child.stdout!,
    signal: (signal) => void child.kill(signal),
    killAll,
    exited: exitOf(child, watched, killAll),
  };
}

function exitOf(child: ChildProcess, watched: boolean, killAll: () => void): AgentProcess['exited'] {
  let said = '';
  const life = child.stdio[3] as Readable | null | undefined;
  life?.setEncoding('utf8');
  life?.on('data', (text: string) => (said += text));
  life?.on('error', () => {});
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: NOT_STARTED, notStarted: error.message }));
    child.once('exit', () => {
      // The watchdog's end of the socket pair is held by every process the agent started too, so it
      // closes when the last of them has gone: those still there after the grace are killed.
      const stragglers = setTimeout(() => {
        killAll();
        // One that left the group (a daemon) keeps the socket pair open; the proxy does not wait for it.
        life?.destroy();
      }, GROUP_KILL_AFTER_MS);
      child.once('close', () => clearTimeout(stragglers));
    });
    child.once('close', (code, signal) => {
      const exitCode = code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
      resolve(
        watched && exitCode === NOT_STARTED && said
          ? { code: exitCode, notStarted: said }
          : { code: exitCode },
      );
    });
  });
}
