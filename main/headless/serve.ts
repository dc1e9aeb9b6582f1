/**
 * `gatehouse serve`: the console core in plain Node, with the web console on loopback. Runs until SIGINT or
 * SIGTERM, then closes cleanly and removes bridge.json.
 */
import { homedir } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { EXIT_USAGE, UsageError, usageError } from '../../common/cli';
import type { CliIo } from '../../common/cli';
import { gatehouseHome } from '../../common/discovery';
import { isTimerDelay, TIMER_DELAY_RANGE } from '../../common/timer-delay';
import { parseFlags } from '../../files/cli-flags';
import { HOOK_COPY_NAME, refreshHookCopy } from '../../files/hook-copy';
import {
  ACTIVITY_WORKER,
  DEFAULT_TIMEOUT_MS,
  PROPOSALS_WORKER,
  startConsoleCore,
} from '../core/console-core';
import { LINK_CODE_TTL_MS } from '../../common/console-contract';

const HELP = `Usage: gatehouse serve [options]

Starts the Gatehouse console without a window: the agent bridge and the web console on 127.0.0.1.
It prints a link to the web console; each link opens it once, within ${LINK_CODE_TTL_MS / 60_000} minutes. Press Enter
where it runs for a new link.

Options:
  --port N                      Port to listen on (default: the port of the last start if it is free, else a
                                free one; announced in bridge.json)
  --home DIR                    Gatehouse's folder (default: $GATEHOUSE_HOME or the per-user app folder)
  --timeout MS                  How long a request waits for a person (default: ${DEFAULT_TIMEOUT_MS})
  --timeout-action ACTION       What the timeout answers: passthrough (the agent asks in its terminal) or deny
  --notify                      Show a desktop notification for each request, with Approve and Deny where safe
  -h, --help                    Show this help
`;

export interface ServeOptions {
  readonly port: number | 'remembered';
  readonly home: string;
  readonly timeoutMs: number;
  readonly timeoutAction: 'passthrough' | 'deny';
  readonly notify?: boolean;
}

export function parseServeArgs(argv: readonly string[], env: CliIo['env']): ServeOptions | 'help' {
  const { values } = parseFlags(argv, {
    port: { type: 'string' },
    home: { type: 'string' },
    timeout: { type: 'string' },
    'timeout-action': { type: 'string' },
    notify: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const port = values.port === undefined ? 'remembered' : Number(values.port);
  if (port !== 'remembered' && (!Number.isInteger(port) || port < 0 || port > 65_535))
    throw new UsageError(`--port takes a whole number from 0 to 65535, not "${values.port}"`);
  const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  if (!isTimerDelay(timeoutMs))
    throw new UsageError(`--timeout takes ${TIMER_DELAY_RANGE}, not "${values.timeout}"`);
  const action = values['timeout-action'] ?? 'passthrough';
  if (action !== 'passthrough' && action !== 'deny') {
    throw new UsageError(
      `--timeout-action takes passthrough or deny, not "${action}" (a timeout never allows)`,
    );
  }
  const home = values.home ?? gatehouseHome({ env, platform: process.platform, homedir: homedir() });
  return { port, home, timeoutMs, timeoutAction: action, ...(values.notify ? { notify: true } : {}) };
}

export async function runServe(argv: readonly string[], io: CliIo): Promise<number> {
  let options: ServeOptions | 'help';
  try {
    options = parseServeArgs(argv, io.env);
  } catch (error) {
    io.stderr(usageError('serve', error));
    return EXIT_USAGE;
  }
  if (options === 'help') {
    io.stdout(HELP);
    return 0;
  }
  const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));
  let core;
  try {
    const { notify, ...rest } = options;
    core = await startConsoleCore({
      ...rest,
      rendererDir,
      proposalsWorker: new URL(`./${PROPOSALS_WORKER}.mjs`, import.meta.url),
      activityWorker: new URL(`./${ACTIVITY_WORKER}.mjs`, import.meta.url),
      notifications: notify ? {} : false,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(
      code === 'EADDRINUSE'
        ? `gatehouse serve: port ${options.port} is in use; pick another with --port or omit it for a free one.\n`
        : `gatehouse serve: could not start: ${(error as Error).message}\n`,
    );
    return 1;
  }
  for (const warning of core.warnings) io.stderr(`gatehouse serve: ${warning.fallback}\n`);
  const hookProblem = await refreshHookCopy(
    options.home,
    fileURLToPath(new URL(`./${HOOK_COPY_NAME}`, import.meta.url)),
  );
  if (hookProblem) io.stderr(`gatehouse serve: ${hookProblem}\n`);
  io.stdout(`Web console: ${core.webLink()}\n`);
  io.stdout(
    `Each link opens the console once, within ${LINK_CODE_TTL_MS / 60_000} minutes; press Enter here for a new one.\n`,
  );
  const input = createInterface({ input: process.stdin });
  input.on('line', () => io.stdout(`Web console: ${core.webLink()}\n`));
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  input.close();
  await core.close();
  return 0;
}

export { runServe as run };
