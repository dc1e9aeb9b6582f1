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
