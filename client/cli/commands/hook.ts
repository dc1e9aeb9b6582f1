/**
 * `gatehouse hook <event>`: what Claude Code runs. It must never get in Claude Code's way: whatever goes
 * wrong (no console, a bad payload, a timeout) it prints nothing and exits 0, so the terminal dialog stays
 * in charge. Stdout carries the one decision object and nothing else; diagnostics go to stderr.
 */
import { randomUUID } from 'node:crypto';
import type { CliIo } from '../../../common/cli';
import { EXIT_USAGE } from '../../../common/cli';
import { connectBridge } from '../../sdk/bridge-client';
import { discoverConsole } from '../../sdk/discover';
import {
  PermissionRequestPayloadSchema,
  toHookOutput,
  toPermissionCall,
} from '../../hook/claude-permission-request';

/** Below Claude Code's 600 s hook timeout, so the hook answers "no decision" before it is killed. */
export const DEFAULT_HOOK_DEADLINE_MS = 570_000;

const HELP = `Usage: gatehouse hook <event>

The Claude Code command hook. Reads the hook's JSON on stdin and prints Claude Code's decision JSON.

Events:
  permission-request   Forward a permission prompt to the console and wait for the answer
`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function runHook(
  argv: readonly string[],
  io: CliIo,
  stdin: () => Promise<string> = readStdin,
): Promise<number> {
  const event = argv[0];
  if (event === '--help' || event === '-h') {
    io.stdout(HELP);
    return 0;
  }
  if (event !== 'permission-request') {
    io.stderr(
      `gatehouse hook: unknown event "${event ?? ''}". Run "gatehouse hook --help" for the events.\n`,
    );
    return EXIT_USAGE;
  }
  return permissionRequest(io, stdin);
}

async function permissionRequest(io: CliIo, stdin: () => Promise<string>): Promise<number> {
  const deadlineMs = Number(io.env.GATEHOUSE_HOOK_TIMEOUT_MS) || DEFAULT_HOOK_DEADLINE_MS;
  let payload;
  try {
    payload = PermissionRequestPayloadSchema.parse(JSON.parse(await stdin()));
  } catch {
    io.stderr(
      'gatehouse hook: stdin is not a Claude Code PermissionRequest payload; leaving the decision to Claude Code.\n',
    );
    return 0;
  }
  const discovery = await discoverConsole(io.env);
  if (!discovery.found) return 0;

  let client;
  try {
    client = await connectBridge(discovery.endpoint, { agent: { name: 'claude-code' } });
  } catch {
    return 0;
  }
  const call = toPermissionCall(payload, randomUUID(), deadlineMs);
  const deadline = AbortSignal.timeout(deadlineMs);
  try {
    const decision = await client.requestPermission(call, { signal: deadline });
    const output = toHookOutput(decision);
    if (output) io.stdout(`${JSON.stringify(output)}\n`);
  } catch {
    // No console answer (it closed, refused, or the deadline passed): no decision.
  } finally {
    client.close();
  }
  return 0;
}

export { runHook as run };
