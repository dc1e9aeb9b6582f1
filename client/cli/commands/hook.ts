/**
 * `gatehouse hook <event>`: what Claude Code runs (`gatehouse hook codex <event>` for the Codex CLI, named
 * explicitly by the installer rather than guessed from stdin). It must never get in Claude Code's way: whatever goes
 * wrong (no console, a bad payload, a timeout) it prints nothing and exits 0, so the terminal dialog stays
 * in charge. Stdout carries the one decision object and nothing else; diagnostics go to stderr, which
 * Claude Code keeps in its debug log.
 *
 * Claude Code spawns this for every prompt and every tool call, so it loads only client/hook/: no zod, no
 * `ws`, no engine (tests/integration/claude-hook-bundle.test.ts keeps it that way).
 */
import type { CliIo } from '../../../common/cli';
import { AnsweredInTerminal, askConsole, HookDeadline, requestMessages } from '../../hook/ask-console';
import {
  CLAUDE_HOOK_EVENTS,
  hookEventByArg,
  PERMISSION_DENIED,
  PERMISSION_REQUEST,
} from '../../hook/claude-events';
import type { ClaudeHookEvent } from '../../hook/claude-events';
import {
  attendedOf,
  readPermissionRequest,
  toHookOutput,
  toPermissionCall,
} from '../../hook/claude-permission-request';
import { CODEX_HOOK_EVENTS, CODEX_PERMISSION_REQUEST, codexEventByArg } from '../../hook/codex-events';
import { toCodexOutput, toCodexPermissionCall } from '../../hook/codex-permission-request';
import {
  COPILOT_HOOK_EVENTS,
  COPILOT_PERMISSION_REQUEST,
  copilotEventByArg,
} from '../../hook/copilot-events';
import {
  copilotAllowsItself,
  FALL_THROUGH,
  readCopilotPermissionRequest,
  toCopilotOutput,
  toCopilotPermissionCall,
} from '../../hook/copilot-permission-request';
import type { PermissionRequestPayload } from '../../hook/claude-permission-request';
import type { ConsoleDecision } from '../../hook/lean-protocol';
import {
  readPermissionDenied,
  toPermissionDeniedOutput,
  toRefusalCall,
} from '../../hook/claude-permission-denied';
import { REFUSAL_WAIT_MS } from '../../../common/classifier-refusal';
import { toSessionEvent } from '../../hook/claude-session-events';
import { loadRandomBytes, randomUuid } from '../../hook/entropy';
import { NotTheConsoleError, openHookSocket, type HookSocketOptions } from '../../hook/hook-socket';
import { findConsole } from '../../hook/lean-discovery';
import { readStdin } from '../../hook/read-stdin';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { watchTranscript } from '../../../files/transcript-watch';
import { terminalAnswer } from '../../../common/transcript-verdict';

/**
 * Below Claude Code's 600 s hook timeout, so the hook withdraws its card and answers "no decision" before
 * it is killed. Claude Code does not tell a hook its configured timeout (no such input field, §1.2), so
 * `GATEHOUSE_HOOK_TIMEOUT_MS` is the override.
 */
export const DEFAULT_HOOK_DEADLINE_MS = 570_000;
/**
 * Codex shows nothing but "Running hooks" until its hooks return, and only then its own prompt: a person at
 * the terminal waits this long for a card nobody answers before Codex asks them itself.
 */
export const CODEX_HOOK_DEADLINE_MS = 30_000;
/**
 * Copilot runs a permissionRequest hook for 30 s unless its config says otherwise (timeoutSec), then
 * skips it and shows its own prompt; the hook hands back first, so its card is withdrawn rather than
 * left behind.
 */
export const COPILOT_HOOK_DEADLINE_MS = 25_000;
/** The handshake on loopback takes a millisecond; a console slower than this is as good as absent. */
const CONNECT_TIMEOUT_MS = 2_000;
/** SessionEnd hooks share a 1.5 s budget (§1.1); the session events must fit well inside it. */
const EVENT_CONNECT_TIMEOUT_MS = 1_000;

/** Who runs the hook: its name in the hello, its events, and how a decision is printed for it. */
interface HookAgent {
  readonly hello: { readonly name: string };
  readonly label: string;
  readonly events: readonly ClaudeHookEvent[];
  readonly eventByArg: (arg: string | undefined) => ClaudeHookEvent | undefined;
  readonly permissionRequest: ClaudeHookEvent;
  readonly defaultDeadlineMs: number;
  /** The longest wait `GATEHOUSE_HOOK_TIMEOUT_MS` may ask for: the installed handler's timeout bounds it. */
  readonly maxDeadlineMs?: number;
  readonly answer: (decision: ConsoleDecision) => { output: object | undefined; note?: string };
  /** What to print when the console had the request but gave no decision; nothing when undefined. */
  readonly unanswered?: object;
  readonly call: typeof toPermissionCall;
  /** Whether the hook watches the transcript for an answer given in the agent's own dialog. */
  readonly watchesTranscript: boolean;
  /** The agent's payload in the Claude Code shape; Claude Code's own reader when omitted. */
  readonly read?: (raw: unknown) => PermissionRequestPayload | undefined;
  /** What to print at once, without a card, for a call the agent would allow by itself. */
  readonly ownAnswer?: (payload: PermissionRequestPayload, env: Env) => object | undefined;
}

const CLAUDE_CODE: HookAgent = {
  hello: { name: 'claude-code' },
  label: 'Claude Code',
  events: CLAUDE_HOOK_EVENTS,
  eventByArg: hookEventByArg,
  permissionRequest: PERMISSION_REQUEST,
  defaultDeadlineMs: DEFAULT_HOOK_DEADLINE_MS,
  answer: (decision) => ({ output: toHookOutput(decision) }),
  call: toPermissionCall,
  watchesTranscript: true,
};

/**
 * Claude Code's PermissionDenied hook: the same round trip as a PermissionRequest, for a call auto mode's
 * classifier refused. Claude Code waits for it, so the card waits a bounded time, below the installed
 * handler's timeout; the answer is only whether the model may retry.
 */
const CLAUDE_CODE_REFUSAL: HookAgent = {
  ...CLAUDE_CODE,
  permissionRequest: PERMISSION_DENIED,
  defaultDeadlineMs: REFUSAL_WAIT_MS,
  maxDeadlineMs: REFUSAL_WAIT_MS,
  answer: (decision) => ({ output: toPermissionDeniedOutput(decision) }),
  // The hook's own deadline ends the card as the console's timeout would: the refusal stands.
  unanswered: {},
  call: toRefusalCall,
  // The call was refused, not asked about: there is no dialog in the terminal to answer it meanwhile.
  watchesTranscript: false,
  read: readPermissionDenied,
};

const CODEX: HookAgent = {
  hello: { name: 'codex' },
  label: 'Codex',
  events: CODEX_HOOK_EVENTS,
  eventByArg: codexEventByArg,
  permissionRequest: CODEX_PERMISSION_REQUEST,
  defaultDeadlineMs: CODEX_HOOK_DEADLINE_MS,
  answer: toCodexOutput,
  call: toCodexPermissionCall,
  // Codex shows its own prompt only after the hook returns: nothing can be answered there meanwhile.
  watchesTranscript: false,
};
const COPILOT: HookAgent = {
  hello: { name: 'copilot' },
  label: 'GitHub Copilot CLI',
  events: COPILOT_HOOK_EVENTS,
  eventByArg: copilotEventByArg,
  permissionRequest: COPILOT_PERMISSION_REQUEST,
  defaultDeadlineMs: COPILOT_HOOK_DEADLINE_MS,
  answer: toCopilotOutput,
  call: toCopilotPermissionCall,
  // Copilot shows its own prompt only after the hook returns, as Codex does.
  watchesTranscript: false,
  read: readCopilotPermissionRequest,
  ownAnswer: (payload, env) =>
    copilotAllowsItself(payload, env, copilotPermissionsConfig(env)) ? FALL_THROUGH : undefined,
};

/** Copilot's saved approvals, `$COPILOT_HOME/permissions-config.json` (else `~/.copilot/`), or undefined. */
function copilotPermissionsConfig(env: Env): unknown {
  const dir = env.COPILOT_HOME || join(homedir(), '.copilot');
  try {
    // Synchronous, as for bridge.json: a small file, and Copilot waits on this process.
    return JSON.parse(readFileSync(join(dir, 'permissions-config.json'), 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const AGENTS: Readonly<Record<string, HookAgent>> = { codex: CODEX, copilot: COPILOT };

// The sockets are closed without waiting for the console's reply: what the hook sent is already with the
// kernel, which delivers it after the process exits, and every millisecond here is one Claude Code waits.

const HELP = `Usage: gatehouse hook <event>
       gatehouse hook codex <event>
       gatehouse hook copilot permission-request

The Claude Code command hook, or with "codex" or "copilot" first the Codex CLI's or the GitHub Copilot
CLI's: reads the hook's JSON on stdin. It
always exits 0 and prints nothing unless the console decided, so the agent's own prompt stays in charge
whenever Gatehouse is absent or silent.

Events:
  permission-request      Forward a permission prompt to the console and print its decision
  permission-denied       Put a call auto mode's classifier refused to the console for ${REFUSAL_WAIT_MS / 1000} s; print
                          retry: true when a person allows it, {} when it stays refused
  post-tool-use           Tell the console a tool ran (its card was answered in the terminal)
  post-tool-use-failure   Tell the console a tool failed (likewise)
  user-prompt-submit      Tell the console the session moved on to a new prompt
  stop                    Tell the console the session finished its turn
  session-end             Tell the console the session ended
  directory-added         Tell the console the session added a working directory (/add-dir)
  session-start           Tell the console a session started (Codex only), so history lists it
  (Codex takes permission-request, session-start, post-tool-use, user-prompt-submit, stop and
  session-end; Copilot takes permission-request, and answers at once with no card for a call its own
  saved approvals or COPILOT_ALLOW_ALL already allow.) Each event also goes by the agent's own name for it: PermissionRequest, PostToolUse, …
  An event this version does not know gets one sentence on stderr, and the hook still exits 0.

Environment:
  GATEHOUSE_HOOK_TIMEOUT_MS   How long permission-request waits: default ${DEFAULT_HOOK_DEADLINE_MS} for Claude
                              Code (below its 600 s hook timeout), ${CODEX_HOOK_DEADLINE_MS} for Codex (then
                              Codex shows its own prompt), ${COPILOT_HOOK_DEADLINE_MS} for Copilot (below its
                              default timeoutSec of 30); permission-denied takes it only when shorter
                              than its ${REFUSAL_WAIT_MS} ms
  GATEHOUSE_URL, GATEHOUSE_TOKEN, GATEHOUSE_HOME   Where the console is (see docs/protocol.md)
`;

type Env = CliIo['env'];

function deadlineOf(env: Env, agent: HookAgent): number {
  const value = Number(env.GATEHOUSE_HOOK_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 && value <= (agent.maxDeadlineMs ?? 86_400_000)
    ? value
    : agent.defaultDeadlineMs;
}

/** Resolves when the signal aborts; never rejects, so it can sit in a race. */
function aborted(signal: AbortSignal): Promise<undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(undefined);
    else signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}

/** The stdin JSON, or undefined when it is not JSON or the hook gave up first. */
async function readPayload(stdin: () => Promise<string>, signal: AbortSignal): Promise<unknown> {
  const text = await Promise.race([stdin(), aborted(signal)]);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Runs one hook. Aborting `stop` gives up on a waiting permission request (the command wires it to SIGTERM
 * and SIGINT, which is how Claude Code cancels a hook), withdrawing its card instead of leaving it for the
 * console's disconnect grace period; the hook's own deadline aborts it too.
 */
export async function runHook(
  argv: readonly string[],
  io: CliIo,
  stdin: () => Promise<string> = readStdin,
  stop: AbortController = new AbortController(),
): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    io.stdout(HELP);
    return 0;
  }
  const named = argv[0] !== undefined && Object.hasOwn(AGENTS, argv[0]) ? AGENTS[argv[0]] : undefined;
  const agent = named ?? CLAUDE_CODE;
  const args = named ? argv.slice(1) : argv;
  const arg = args[0];
  const hook = agent.eventByArg(arg);
  if (!hook || args.length > 1) {
    io.stderr(
      hook
        ? `gatehouse hook: unexpected argument "${args[1] ?? ''}". Run "gatehouse hook --help" for usage.\n`
        : `gatehouse hook: unknown event "${arg ?? ''}"; for ${agent.label} it takes one of ${agent.events.map((e) => e.arg).join(', ')}. Run "gatehouse hook --help" for usage.\n`,
    );
    // Exit 0 like every other failure: a hook named in settings that this version lacks must leave the
    // agent's own dialog in charge, and Claude Code reads exit 2 from some events as "block".
    return 0;
  }
  const asking = hook === PERMISSION_DENIED && !named ? CLAUDE_CODE_REFUSAL : agent;
  const deadlineMs = deadlineOf(io.env, asking);
  // One controller and a plain timer rather than AbortSignal.timeout and AbortSignal.any, whose weak
  // timers and listeners cost the hook measurably on every prompt (bench/hook).
  const deadline = setTimeout(() => stop.abort(new HookDeadline()), deadlineMs);
  try {
    if (hook === asking.permissionRequest)
      await permissionRequest(asking, io, stdin, stop.signal, deadlineMs);
    else await sessionEvent(agent, hook, io, stdin, stop.signal);
  } catch (error) {
    io.stderr(`gatehouse hook: ${(error as Error).message}; leaving the decision to ${agent.label}.\n`);
  } finally {
    clearTimeout(deadline);
  }
  return 0;
}

/**
 * Finds the console and opens the socket with `early` already sent, or undefined: the console is absent,
 * refused, or too slow.
 */
async function connectToConsole(
  agent: HookAgent,
  io: CliIo,
  signal: AbortSignal,
  timeoutMs: number,
  early: HookSocketOptions['early'],
) {
  const discovery = await findConsole(io.env);
  if (!discovery.found) {
    if (discovery.stale) io.stderr(`gatehouse hook: ${discovery.reason}\n`);
    return undefined;
  }
  return openHookSocket(discovery.endpoint, {
    timeoutMs,
    signal,
    agent: agent.hello,
    early,
  }).catch((error: Error) => {
    // A squatter on a dead console's port is worth a line in Claude Code's debug log; an absent console is not.
    if (error instanceof NotTheConsoleError) io.stderr(`gatehouse hook: ${error.message}\n`);
    return undefined;
  });
}

async function permissionRequest(
  agent: HookAgent,
  io: CliIo,
  stdin: () => Promise<string>,
  signal: AbortSignal,
  deadlineMs: number,
) {
  // The connection opens while stdin is read and the request made: Claude Code waits for this process on
  // every prompt.
  let send!: (messages: readonly object[] | undefined) => void;
  const early = new Promise<readonly object[] | undefined>((resolve) => (send = resolve));
  const connecting = connectToConsole(agent, io, signal, CONNECT_TIMEOUT_MS, early);
  const payload = (agent.read ?? readPermissionRequest)(await readPayload(stdin, signal));
  const own = payload && agent.ownAnswer?.(payload, io.env);
  if (own) {
    send(undefined);
    io.stdout(`${JSON.stringify(own)}\n`);
    void connecting.then((socket) => socket?.close());
    return;
  }
  if (!payload) {
    send(undefined);
    await connecting;
    if (!signal.aborted)
      io.stderr(
        `gatehouse hook: stdin is not a ${agent.label} PermissionRequest payload; leaving the decision to ${agent.label}.\n`,
      );
    return;
  }
  const call = agent.call(payload, randomUuid(await loadRandomBytes()), deadlineMs, attendedOf(io.env));
  send(requestMessages(call));
  const socket = await connecting;
  if (!socket) return;
  // Waiting ends at the hook's own stop, or when the transcript shows the person answered in the terminal:
  // Claude Code does not cancel the hook for "No, and tell Claude…", so without this the card would stay.
  const waiting = new AbortController();
  const stopWaiting = () => waiting.abort(signal.reason);
  signal.addEventListener('abort', stopWaiting, { once: true });
  if (payload.transcript_path && agent.watchesTranscript)
    void watchTranscript(
      { path: payload.transcript_path, tool: payload.tool_name, input: payload.tool_input },
      waiting.signal,
    ).then((verdict) => {
      if (!verdict) return;
      waiting.abort(new AnsweredInTerminal(terminalAnswer(verdict)));
    });
  try {
    const outcome = await askConsole(socket, call.id, waiting.signal);
    if (!outcome.decision) {
      io.stderr(`gatehouse hook: ${outcome.reason} Leaving the decision to ${agent.label}.\n`);
      if (agent.unanswered) io.stdout(`${JSON.stringify(agent.unanswered)}\n`);
      return;
    }
    const { output, note } = agent.answer(outcome.decision);
    if (note) io.stderr(`gatehouse hook: ${note}\n`);
    if (output) io.stdout(`${JSON.stringify(output)}\n`);
  } finally {
    signal.removeEventListener('abort', stopWaiting);
    waiting.abort();
    void socket.close();
  }
}

/** Fire and forget: the console only uses these to retire cards, so any failure is silently fine. */
async function sessionEvent(
  agent: HookAgent,
  hook: ClaudeHookEvent,
  io: CliIo,
  stdin: () => Promise<string>,
  signal: AbortSignal,
) {
  const event = toSessionEvent(hook, await readPayload(stdin, signal));
  if (!event) {
    if (!signal.aborted)
      io.stderr(
        `gatehouse hook: stdin is not a ${agent.label} ${hook.name} payload; nothing to tell the console.\n`,
      );
    return;
  }
  const socket = await connectToConsole(agent, io, signal, EVENT_CONNECT_TIMEOUT_MS, [
    { type: 'session.event', ...event },
  ]);
  void socket?.close();
}

export function run(argv: readonly string[], io: CliIo): Promise<number> {
  return runHook(argv, io, readStdin, cancelOnSignals());
}

/**
 * A controller that SIGTERM, SIGINT and SIGHUP abort, armed before the hook connects: a cancel at any
 * moment then withdraws whatever card the request made (askConsole), or stops it being sent at all, and the
 * hook still exits 0 with no answer, where the signal's default would kill it with the card left behind.
 */
function cancelOnSignals(): AbortController {
  const stop = new AbortController();
  for (const name of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(name, () => stop.abort());
  return stop;
}
