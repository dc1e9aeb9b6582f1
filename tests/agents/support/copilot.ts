/**
 * Runs the pinned GitHub Copilot CLI in a sandbox of its own: a temporary HOME (so its ~/.copilot), offline,
 * with its BYOK provider pointed at the stand-in, and a project folder.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { agentCommand, readPins } from './agent-cache';
import type { AgentCommand } from './agent-cache';
import type { ExecResult } from './codex';
import { startPane, TmuxPane } from './tmux-pane';

export function copilotCommand(): AgentCommand {
  const pin = readPins().copilot;
  const agent = agentCommand('copilot', pin);
  if (!existsSync(agent.command))
    throw new Error(`Copilot ${pin.version} is not in the agent cache; run "npm run agents:install" first.`);
  return agent;
}

export interface CopilotSandbox {
  readonly home: string;
  readonly copilotHome: string;
  readonly project: string;
  readonly gatehouseHome: string;
  readonly env: NodeJS.ProcessEnv;
}

export async function makeCopilotSandbox(root: string, baseUrl: string): Promise<CopilotSandbox> {
  const home = join(root, 'home');
  const copilotHome = join(home, '.copilot');
  const project = join(root, 'project');
  const gatehouseHome = join(root, 'gatehouse');
  await mkdir(copilotHome, { recursive: true });
  await mkdir(project, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    GATEHOUSE_HOME: gatehouseHome,
    COPILOT_OFFLINE: 'true',
    COPILOT_PROVIDER_BASE_URL: baseUrl,
    COPILOT_MODEL: 'gpt-4.1',
    ...copilotCommand().env,
  };
  return { home, copilotHome, project, gatehouseHome, env };
}

/**
 * `copilot -p`: prompt mode, where a call Copilot would ask about is denied when no hook allows it, since no
 * one is at a prompt. The hook runs first, so the console's answer decides.
 */
export function runPrompt(
  sandbox: CopilotSandbox,
  prompt: string,
  extra: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ExecResult> {
  const copilot = copilotCommand();
  return new Promise((done, fail) => {
    const child = spawn(copilot.command, [...copilot.args, '-p', prompt, ...extra], {
      cwd: sandbox.project,
      env: { ...sandbox.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Copilot's own approval prompt in the TUI, shown once its hook returns with no verdict. */
export const COPILOT_PROMPT = /Do you want to run this command\?/;

/** The Copilot TUI in a tmux pane, started on a prompt (`-i`) in a folder it already trusts. */
export class TmuxCopilot extends TmuxPane {
  static async start(
    sandbox: CopilotSandbox,
    name: string,
    prompt: string,
    env: NodeJS.ProcessEnv = {},
  ): Promise<TmuxCopilot> {
    // What "Yes, and remember this folder" writes; without it the trust dialog would take the first keys.
    await writeFile(
      join(sandbox.copilotHome, 'config.json'),
      JSON.stringify({ trustedFolders: [sandbox.project] }),
    );
    const copilot = copilotCommand();
    return new TmuxCopilot(
      name,
      startPane(name, sandbox.project, { ...sandbox.env, TERM: 'xterm-256color', ...env }, [
        copilot.command,
        ...copilot.args,
        '-i',
        prompt,
      ]),
    );
  }
}
