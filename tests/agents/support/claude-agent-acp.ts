/**
 * The pinned claude-agent-acp behind `gatehouse acp`, with the protocol's own client library as the
 * editor: a sandbox HOME whose Claude Code talks to the stand-in Messages API, and no Gatehouse hooks, so
 * the proxy is the only way a question reaches the console.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { client, methods, ndJsonStream } from '@agentclientprotocol/sdk';
import type {
  ClientConnection,
  RequestPermissionRequest,
  RequestPermissionResponse,
} from '@agentclientprotocol/sdk';
import { agentCommand, readPins } from './agent-cache';
import type { AgentCommand } from './agent-cache';

const CLI = resolve('out/cli/gatehouse.mjs');
const API_KEY = 'sk-ant-api03-gatehouse-stand-in-key-0123456789';

export function claudeAgentAcpCommand(): AgentCommand {
  const pin = readPins()['claude-agent-acp'];
  const agent = agentCommand('claude-agent-acp', pin);
  if (!existsSync(agent.args.at(-1) ?? agent.command))
    throw new Error(
      `claude-agent-acp ${pin.version} is not in the agent cache; run "npm run agents:install" first.`,
    );
  return agent;
}

export interface AcpSandbox {
  readonly home: string;
  readonly project: string;
  readonly gatehouseHome: string;
  readonly env: NodeJS.ProcessEnv;
}

export async function makeAcpSandbox(root: string, baseUrl: string): Promise<AcpSandbox> {
  const home = join(root, 'home');
  const project = join(root, 'project');
  const gatehouseHome = join(root, 'gatehouse');
  await mkdir(home, { recursive: true });
  await mkdir(project, { recursive: true });
  await writeFile(
    join(home, '.claude.json'),
    JSON.stringify({
      hasCompletedOnboarding: true,
      projects: { [project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
      customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
    }),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    GATEHOUSE_HOME: gatehouseHome,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: API_KEY,
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
  return { home, project, gatehouseHome, env };
}

/** `signal` aborts when the question is withdrawn from the editor (ACP's `$/cancel_request`). */
export type PermissionHandler = (
  request: RequestPermissionRequest,
  signal: AbortSignal,
) => Promise<RequestPermissionResponse>;

export interface AcpEditorSession {
  readonly connection: ClientConnection;
  readonly sessionId: string;
  readonly updates: unknown[];
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
  readonly child: ChildProcessWithoutNullStreams;
}

/** Starts `gatehouse acp -- <agent>` (claude-agent-acp unless told) and opens a session in the project. */
export async function startAcpEditor(
  sandbox: AcpSandbox,
  onPermission: PermissionHandler,
  agent: AgentCommand = claudeAgentAcpCommand(),
  /** `direct`: the editor starts the agent itself, without `gatehouse acp` (a baseline to measure against). */
  route: 'gatehouse' | 'direct' = 'gatehouse',
): Promise<AcpEditorSession> {
  const [command, args] =
    route === 'direct'
      ? [agent.command, agent.args]
      : [process.execPath, [CLI, 'acp', '--', agent.command, ...agent.args]];
  const child = spawn(command, args, { cwd: sandbox.project, env: sandbox.env });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  const updates: unknown[] = [];
  const connection = client({ name: 'gatehouse-test-editor' })
    .onRequest(methods.client.session.requestPermission, ({ params, signal }) => onPermission(params, signal))
    .onNotification(methods.client.session.update, ({ params }) => void updates.push(params.update))
    .connect(
      ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>),
    );
  await connection.agent.request(methods.agent.initialize, {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    clientInfo: { name: 'gatehouse-test-editor', version: '1.0.0' },
  });
  const { sessionId } = await connection.agent.request(methods.agent.session.new, {
    cwd: sandbox.project,
    mcpServers: [],
  });
  return { connection, sessionId, updates, stderr: () => stderr, exited, child };
}

/** An editor that never answers on its own until the test says so. */
export function heldPermission() {
  const asked: RequestPermissionRequest[] = [];
  let answer!: (response: RequestPermissionResponse) => void;
  const answered = new Promise<RequestPermissionResponse>((done) => (answer = done));
  let withdraw!: () => void;
  const withdrawn = new Promise<void>((done) => (withdraw = done));
  return {
    asked,
    answer,
    /** Resolves once the proxy has withdrawn the question from the editor. */
    withdrawn,
    handler: (request: RequestPermissionRequest, signal: AbortSignal) => {
      asked.push(request);
      signal.addEventListener('abort', () => withdraw(), { once: true });
      return answered;
    },
  };
}

/** One prompt turn in the editor's session. */
export function prompt(session: AcpEditorSession, text: string) {
  return session.connection.agent.request(methods.agent.session.prompt, {
    sessionId: session.sessionId,
    prompt: [{ type: 'text', text }],
  });
}
