/**
 * Runs the pinned Codex CLI in a sandbox of its own: a temporary HOME and CODEX_HOME whose config.toml
 * points the model at the stand-in, and a project folder.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { agentCommand, readPins } from './agent-cache';
import type { AgentCommand } from './agent-cache';
import { startPane, TmuxPane } from './tmux-pane';

export function codexCommand(): AgentCommand {
  const pin = readPins().codex;
  const agent = agentCommand('codex', pin);
  if (!existsSync(agent.args.at(-1) ?? agent.command))
    throw new Error(`Codex ${pin.version} is not in the agent cache; run "npm run agents:install" first.`);
  return agent;
}

export interface CodexSandbox {
  readonly home: string;
  readonly codexHome: string;
  readonly project: string;
  readonly gatehouseHome: string;
  readonly env: NodeJS.ProcessEnv;
}

export async function makeCodexSandbox(root: string, baseUrl: string): Promise<CodexSandbox> {
  const home = join(root, 'home');
  const codexHome = join(home, '.codex');
  const project = join(root, 'project');
  const gatehouseHome = join(root, 'gatehouse');
  await mkdir(codexHome, { recursive: true });
  await mkdir(project, { recursive: true });
  await writeFile(
    join(codexHome, 'config.toml'),
    [
      'model_provider = "standin"',
      'model = "gpt-5.5"',
      '[model_providers.standin]',
      'name = "standin"',
      `base_url = "${baseUrl}"`,
      'wire_api = "responses"',
      'env_key = "STANDIN_KEY"',
      '',
    ].join('\n'),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    CODEX_HOME: codexHome,
    GATEHOUSE_HOME: gatehouseHome,
    STANDIN_KEY: 'stand-in',
  };
  return { home, codexHome, project, gatehouseHome, env };
}

export interface ExecResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `codex exec --approve-for-me`: plain `codex exec` never asks (its approvals are "never"); this routes the
 * request through the PermissionRequest hooks first, then Codex's automatic reviewer.
 */
export function runExec(
  sandbox: CodexSandbox,
  prompt: string,
  extra: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ExecResult> {
  const codex = codexCommand();
  return new Promise((done, fail) => {
    const child = spawn(
      codex.command,
      [...codex.args, 'exec', '--approve-for-me', '--skip-git-repo-check', ...extra, prompt],
      { cwd: sandbox.project, env: { ...sandbox.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Codex's own approval prompt in the TUI, shown once its hooks return with no verdict. */
export const CODEX_PROMPT = /Would you like to run the following command\?/;

/** The Codex TUI in a tmux pane. */
export class TmuxCodex extends TmuxPane {
  /**
   * On-request in workspace-write, as a person picks at /permissions. The model is one with no migration
   * offer: Codex 0.169 meets gpt-5.5 with a "Meet GPT-6 Sol" screen that would eat the first prompt.
   */
  static async start(sandbox: CodexSandbox, name: string, env: NodeJS.ProcessEnv = {}): Promise<TmuxCodex> {
    const codex = codexCommand();
    const argv = [
      codex.command,
      ...codex.args,
      '--dangerously-bypass-hook-trust',
      '--ask-for-approval',
      'on-request',
      '--sandbox',
      'workspace-write',
      '--model',
      'gpt-6-sol',
    ];
    const pane = new TmuxCodex(
      name,
      startPane(name, sandbox.project, { ...sandbox.env, TERM: 'xterm-256color', ...env }, argv),
    );
    await pane.waitFor(/Ask Codex to do anything/);
    return pane;
  }

  /**
   * Types a prompt and submits it. Codex may still be starting when its composer first shows, and then
   * drops the Enter and keeps the text, so Enter is pressed until the turn is under way.
   */
  async submit(text: string, withinMs = 30_000): Promise<void> {
    this.keys('-l', text);
    await this.waitFor(new RegExp(`› ${text}`));
    const giveUp = Date.now() + withinMs;
    while (!tookPrompt(this.screen(), text)) {
      if (Date.now() > giveUp) throw new Error(`Codex never took the prompt:\n${this.screen()}`);
      this.keys('Enter');
      await new Promise((tick) => setTimeout(tick, 500));
    }
  }
}

/**
 * Whether Codex has taken the prompt: its turn is under way, or already over. A turn that a grant answers
 * can start and end between two looks at the screen, leaving the prompt above and the composer empty again.
 */
function tookPrompt(screen: string, text: string): boolean {
  if (/Working|Running hook/.test(screen)) return true;
  const prompts = screen
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('› '));
  return prompts.includes(`› ${text}`) && prompts.at(-1) !== `› ${text}`;
}
