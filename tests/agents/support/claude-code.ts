/**
 * Runs the pinned Claude Code binary as a person would, in a sandbox of its own: a temporary HOME, the
 * stand-in model API, the updater and non-essential traffic off, and Gatehouse's hooks installed by
 * `gatehouse install claude`. Headless with `-p`, or interactive inside tmux.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { agentCommand, readPins } from './agent-cache';
import { startPane, TmuxPane } from './tmux-pane';

const run = promisify(execFile);
const CLI = resolve('out/cli/gatehouse.mjs');
/** Claude Code's permission dialog, as 2.1.328 words it. */
export const DIALOG = /Do you want to proceed\?/;
/** Long enough to tell Claude Code's key check apart; the stand-in never checks it. */
const API_KEY = 'sk-ant-gatehouse-stand-in-0123456789';

export function claudeBinary(): string {
  const pin = readPins().claude;
  const { command: binary } = agentCommand('claude', pin);
  if (!existsSync(binary))
    throw new Error(
      `Claude Code ${pin.version} is not in the agent cache (${binary}); run "npm run agents:install" first.`,
    );
  return binary;
}

export interface ClaudeSandbox {
  readonly home: string;
  readonly project: string;
  readonly gatehouseHome: string;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * A HOME with onboarding, the folder's trust and the key already accepted, and a project with our hooks;
 * `installFlags` go to `gatehouse install claude` after the scope.
 */
export async function makeClaudeSandbox(
  root: string,
  baseUrl: string,
  installFlags: readonly string[] = [],
): Promise<ClaudeSandbox> {
  const home = join(root, 'home');
  const project = join(root, 'project');
  const gatehouseHome = join(root, 'gatehouse');
  await mkdir(home, { recursive: true });
  await mkdir(project, { recursive: true });
  await writeFile(
    join(home, '.claude.json'),
    JSON.stringify({
      hasCompletedOnboarding: true,
      theme: 'dark',
      projects: { [project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
      customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
    }),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    TERM: 'xterm-256color',
    GATEHOUSE_HOME: gatehouseHome,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: API_KEY,
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
  await run(process.execPath, [CLI, 'install', 'claude', '--scope', 'project', ...installFlags], {
    cwd: project,
    env,
  });
  return { home, project, gatehouseHome, env };
}

export interface HeadlessResult {
  readonly code: number | null;
  /** Claude Code's `--output-format json` result. */
  readonly result: {
    readonly is_error?: boolean;
    readonly permission_denials?: unknown[];
    readonly result?: string;
  };
  readonly stderr: string;
}

/**
 * `claude -p` with an explicit permission mode: 2.1.328 starts in auto mode, whose classifier runs on
 * Anthropic's servers, which the stand-in cannot answer.
 */
export function runHeadless(
  sandbox: ClaudeSandbox,
  prompt: string,
  extraArgs: readonly string[] = [],
): Promise<HeadlessResult> {
  return new Promise((done, fail) => {
    const child = spawn(
      claudeBinary(),
      ['-p', prompt, '--permission-mode', 'default', '--output-format', 'json', ...extraArgs],
      { cwd: sandbox.project, env: sandbox.env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      try {
        done({ code, result: JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}'), stderr });
      } catch {
        fail(new Error(`claude -p printed no JSON result (exit ${code}): ${stdout}${stderr}`));
      }
    });
  });
}

/**
 * `--mcp-config` arguments for a stdio MCP server named `name` whose one tool, `touch`, makes a file in the
 * project (support/mcp-touch-server.mjs); Claude Code calls its tool `mcp__<name>__touch`.
 */
export async function mcpTouchServer(sandbox: ClaudeSandbox, name: string): Promise<string[]> {
  const config = join(sandbox.home, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        [name]: {
          command: process.execPath,
          args: [resolve('tests/agents/support/mcp-touch-server.mjs'), sandbox.project],
        },
      },
    }),
  );
  return ['--mcp-config', config];
}

/** Claude Code in a tmux pane, for the terminal dialog that races the console. */
export class TmuxClaude extends TmuxPane {
  static async start(sandbox: ClaudeSandbox, name: string): Promise<TmuxClaude> {
    const argv = [claudeBinary(), '--permission-mode', 'default'];
    const pane = new TmuxClaude(name, startPane(name, sandbox.project, sandbox.env, argv));
    await pane.waitFor(/❯/);
    return pane;
  }

  /** Answers the permission dialog with `key` (Claude Code ignores keys for a moment after it appears). */
  answerDialog(key: string, withinMs = 30_000): Promise<void> {
    return this.answer(DIALOG, key, withinMs);
  }

  /**
   * Answers the dialog with its last option, "No, and tell Claude what to do differently", and the
   * person's words: Down to it (pressed until it is selected, as the dialog ignores keys at first), Tab to
   * type, Enter to send.
   */
  async rejectWithFeedback(words: string, withinMs = 30_000): Promise<void> {
    const giveUp = Date.now() + withinMs;
    while (!/❯\s*\d\.\s*No/.test(this.screen())) {
      if (Date.now() > giveUp) throw new Error(`The dialog never selected No:\n${this.screen()}`);
      this.keys('Down');
      await new Promise((tick) => setTimeout(tick, 250));
    }
    this.keys('Tab');
    await this.waitFor(/❯\s*\d\.\s*No[\s\S]*/);
    this.keys('-l', words);
    await this.waitFor(new RegExp(words));
    this.keys('Enter');
  }
}
