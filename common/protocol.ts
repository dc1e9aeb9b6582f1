/**
 * The bridge's wire protocol: every message an agent and the console exchange, as runtime schemas (zod) and
 * the types inferred from them. This file is the single source of truth; docs/protocol.md embeds the JSON
 * Schema generated from it (`npm run docs:protocol`), and a test fails when the two drift apart.
 *
 * Versioning: `PROTOCOL_VERSION` changes only when an existing message changes incompatibly. Adding an
 * optional field or a new message type does not bump it; receivers ignore fields they do not know.
 */
import { z } from 'zod';
import { permissionModes } from '../engine/types';
import { PROOF_PATTERN } from './bridge-proof';
import { INPUT_LIMITS, inputShapeProblem } from './input-bounds';

/** 2: the token proved by challenge (common/bridge-proof.ts) instead of sent as a bearer token. */
export const PROTOCOL_VERSION = 2;

/** The path agents connect to; the web console has its own path (see console-contract.ts). */
export { BRIDGE_PATH } from './discovery';

const idString = z.string().min(1).max(200);
const shortText = z.string().max(4_000);

export const PermissionModeSchema = z.enum(permissionModes);

export const RuleBehaviorSchema = z.enum(['allow', 'deny', 'ask']);
export type { PermissionMode } from '../engine';

/**
 * Claude Code's permission-update entry (docs/protocol.md, Messages), shared by suggestions and
 * updatedPermissions.
 */
const RuleValueSchema = z.object({
  toolName: z.string().min(1).max(500),
  ruleContent: z.string().max(10_000).optional(),
});
const DestinationSchema = z.enum(['session', 'localSettings', 'projectSettings', 'userSettings', 'cliArg']);
export const PermissionUpdateSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['addRules', 'replaceRules', 'removeRules']),
    rules: z.array(RuleValueSchema).max(100),
    behavior: RuleBehaviorSchema,
    destination: DestinationSchema,
  }),
  z.object({ type: z.literal('setMode'), mode: z.string().max(40), destination: DestinationSchema }),
  z.object({
    type: z.enum(['addDirectories', 'removeDirectories']),
    directories: z.array(z.string().max(4_096)).max(100),
    destination: DestinationSchema,
  }),
]);
export type PermissionUpdate = z.infer<typeof PermissionUpdateSchema>;

/** Who won a race. Every racer of the registry has one name here, and only these names reach an agent. */
export const racerKinds = [
  'console', // a person in a console window or the web console
  'notification', // a person pressing a notification's button
  'tray', // a person in the tray menu
  'grant', // a timed grant or session rule the person made earlier
  'timeout', // nobody answered before the deadline
  'agent', // the agent's own racer (its terminal dialog) answered, or it aborted
  'disconnect', // the agent went away
  'session', // the session moved on (the tool ran or the prompt changed) so the card was retired
  'phone', // a person answering from a message channel on their phone (Telegram)
  'classifier', // Gatehouse's classifier, before any card, for a class of call the person enabled
] as const;
export const RacerKindSchema = z.enum(racerKinds);
export type RacerKind = z.infer<typeof RacerKindSchema>;

/**
 * A tool input, bounded in depth and size (input-bounds.ts). Checked in place, not copied as z.record would
 * copy it: the copy costs seconds for a million keys and drops a `__proto__` key, which is data here.
 */
export const ToolInputSchema = z
  .custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'the tool input must be a JSON object',
  )
  .check((ctx) => {
    const problem = inputShapeProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  })
  .meta({
    type: 'object',
    additionalProperties: {},
    description: `At most ${INPUT_LIMITS.depth} levels deep, and ${INPUT_LIMITS.entries.toLocaleString('en')} keys and items in all.`,
  });

export const HelloSchema = z.object({
  type: z.literal('hello'),
  protocol: z.number().int().positive(),
  agent: z.object({ name: z.string().min(1).max(100), version: z.string().max(100).optional() }),
  /** The agent's answer to the console's `Gatehouse-Challenge` (common/bridge-proof.ts). */
  proof: z.string().regex(PROOF_PATTERN),
  /**
   * `true`: this connection never re-sends what it asked (a hook process, which the agent may kill
   * outright): its close means the agent stopped waiting, so its requests are withdrawn at once instead of
   * waiting out the reconnect grace.
   */
  oneShot: z.boolean().optional(),
});
/** The agent as its hello names it: what history files its sessions under. */
export type AgentInfo = z.infer<typeof HelloSchema>['agent'];

export const WelcomeSchema = z.object({
  type: z.literal('welcome'),
  protocol: z.number().int().positive(),
  console: z.object({ name: z.literal('gatehouse'), version: z.string() }),
  limits: z.object({
    maxFrameBytes: z.number().int(),
    maxPendingPerSession: z.number().int(),
    maxMessagesPerSecond: z.number().int(),
  }),
});

/** An optional explanation the agent already has (its own engine decided "ask" for this reason). */
export const ProvenanceSchema = z.object({
  type: z.string().max(40),
  source: z.string().max(40).optional(),
  rule: z.string().max(10_000).optional(),
  file: z.string().max(4_096).optional(),
  path: z.string().max(4_096).optional(),
  message: shortText.optional(),
});

/** ACP's four option kinds: an agent's answers the console may choose among (client/acp). */
export const agentOptionKinds = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] as const;
export const AgentOptionSchema = z.object({
  optionId: idString,
  name: z.string().min(1).max(200),
  kind: z.enum(agentOptionKinds),
});
export type AgentOption = z.infer<typeof AgentOptionSchema>;

/**
 * The MCP server behind an `mcp__*` tool, as Claude Code 2.1.3xx names it: `name` is the server's config
 * key (untrusted text), `source` where its definition came from (`sdk`, `plugin`, `user`, `project`,
 * `local`, `dynamic`, `managed`, `enterprise`, `claudeai`, `agent`, an open set). Trust is keyed on the
 * source, never on the name alone: a project can define a server under any name.
 */
export const McpServerSchema = z.object({
  name: z.string().min(1).max(200),
  source: z.string().min(1).max(40),
});
export type McpServer = z.infer<typeof McpServerSchema>;

export const PermissionRequestSchema = z.object({
  type: z.literal('permission.request'),
  /** Chosen by the agent and stable across re-sends: the key of exactly-once. */
  id: idString,
  sessionId: idString,
  cwd: z.string().min(1).max(4_096),
  tool: z.string().min(1).max(500),
  input: ToolInputSchema,
  mode: PermissionModeSchema.default('default'),
  suggestions: z.array(PermissionUpdateSchema).max(50).optional(),
  provenance: ProvenanceSchema.optional(),
  /**
   * The agent's own answers, when it offers a fixed set (ACP): the card offers exactly these, by their
   * names, and the decision names the one chosen.
   */
  options: z.array(AgentOptionSchema).min(1).max(20).optional(),
  /** For an MCP tool, the server that serves it and where that server was configured. */
  mcpServer: McpServerSchema.optional(),
  /**
   * False when nobody is at the agent's terminal (Claude Code's `-p`): the agent then has no prompt of its
   * own to fall back on, and denies a request the console does not answer.
   */
  attended: z.boolean().optional(),
  /** The agent's turn this call belongs to, when it names its turns (Codex's `turn_id`). */
  turnId: idString.optional(),
  /**
   * Where the agent writes this session's transcript, absolute: from Codex's rollout file the console reads
   * the turn's settings (approval policy, sandbox) to say why the agent asked; from Claude Code's, whether
   * the agent took the console's answer or its own dialog's came first.
   */
  transcriptPath: z
    .string()
    .max(4_096)
    .regex(/^(?:\/|[A-Za-z]:[\\/])/, 'must be an absolute path')
    .optional(),
  /** How long the agent will wait for an answer, in milliseconds. */
  timeoutMs: z
    .number()
    .int()
    .positive()
    .max(24 * 3_600_000)
    .optional(),
});
export type PermissionRequest = z.infer<typeof PermissionRequestSchema>;
/**
 * A request as an agent's client (the SDK, the hook) is handed it, without its `type`; `mode` may be left
 * out (the console reads it as `default`).
 */
export type PermissionCall = Omit<PermissionRequest, 'type' | 'mode'> & {
  readonly mode?: PermissionRequest['mode'];
};

export const DecisionBehaviorSchema = z.enum(['allow', 'deny', 'passthrough']);
export type DecisionBehavior = z.infer<typeof DecisionBehaviorSchema>;

export const PermissionDecisionSchema = z.object({
  type: z.literal('permission.decision'),
  id: idString,
  behavior: DecisionBehaviorSchema,
  by: RacerKindSchema,
  updatedInput: ToolInputSchema.optional(),
  updatedPermissions: z.array(PermissionUpdateSchema).optional(),
  message: shortText.optional(),
  interrupt: z.boolean().optional(),
  /** The request's option the person chose; only ever one the request offered, of the decision's kind. */
  optionId: idString.optional(),
});
export type PermissionDecision = z.infer<typeof PermissionDecisionSchema>;

/** Why an agent withdrew a request nobody answered (`aborted`): its turn was cancelled, or it exited. */
export const agentEnds = ['turn-cancelled', 'agent-exited'] as const;
export const AgentEndSchema = z.enum(agentEnds);
export type AgentEnd = z.infer<typeof AgentEndSchema>;

/**
 * What the person answered in the agent's own dialog, when the agent can tell: a behavior, with the words
 * they gave it (Claude Code's transcript says "No, and tell Claude…"), or the request's own option they
 * chose (ACP: the option clicked in the editor, one the request offered).
 */
export const DialogAnswerSchema = z.union([
  z.object({ behavior: z.enum(['allow', 'deny']), message: shortText.optional() }),
  z.object({ optionId: idString }),
]);
export type DialogAnswer = z.infer<typeof DialogAnswerSchema>;

const cancel = { type: z.literal('permission.cancel'), id: idString };
/**
 * The agent withdraws a request, and says why: each reason carries only what belongs to it.
 * - `answered-in-terminal`: the agent's own dialog (its terminal, or the editor for ACP) answered first;
 *   with `answer`, history records that answer as the person's; without, no decision (passthrough). Sent
 *   with a behavior `answer` after the console's decision reached the agent, it says the agent did not take
 *   that decision (its dialog's reply came first); history marks the decision as not taken.
 * - `aborted`: nobody answered; `because` says what ended the wait, when the agent knows.
 * - `deadline`: the agent's own wait for this request (its `timeoutMs`) ran out; history records a timeout.
 */
export const PermissionCancelSchema = z.discriminatedUnion('reason', [
  z.object({ ...cancel, reason: z.literal('answered-in-terminal'), answer: DialogAnswerSchema.optional() }),
  z.object({ ...cancel, reason: z.literal('aborted'), because: AgentEndSchema.optional() }),
  z.object({ ...cancel, reason: z.literal('deadline') }),
]);
export type PermissionCancel = z.infer<typeof PermissionCancelSchema>;

export const sessionEvents = [
  'session.started',
  'tool.finished',
  'tool.failed',
  'prompt.submitted',
  'stopped',
  'session.ended',
  'directory.added',
] as const;
export const SessionEventSchema = z.object({
  type: z.literal('session.event'),
  sessionId: idString,
  event: z.enum(sessionEvents),
  tool: z.string().max(500).optional(),
  input: ToolInputSchema.optional(),
  /** The session's folder: with `session.started`, history files the session under it before any request. */
  cwd: z.string().min(1).max(4_096).optional(),
  /** With `directory.added`: the absolute folder the session now counts as a working directory (`/add-dir`). */
  directory: z.string().min(1).max(4_096).optional(),
});
export type SessionEvent = z.infer<typeof SessionEventSchema>;
/** A session event as an agent's client is handed it, without its `type`. */
export type SessionEventCall = Omit<SessionEvent, 'type'>;

export const errorCodes = [
  'bad-json',
  'bad-message',
  'unsupported-protocol',
  'frame-too-large',
  'rate-limited',
  'too-many-pending',
  'id-conflict',
  'unknown-request',
  'unauthorized',
  'internal',
] as const;
export const ErrorSchema = z.object({
  type: z.literal('error'),
  code: z.enum(errorCodes),
  message: z.string(),
  id: idString.optional(),
});
export type ErrorMessage = z.infer<typeof ErrorSchema>;
export type ErrorCode = ErrorMessage['code'];

export const AgentMessageSchema = z.discriminatedUnion('type', [
  HelloSchema,
  PermissionRequestSchema,
  PermissionCancelSchema,
  SessionEventSchema,
]);
export type AgentMessage = z.infer<typeof AgentMessageSchema>;

export const ConsoleMessageSchema = z.discriminatedUnion('type', [
  WelcomeSchema,
  PermissionDecisionSchema,
  ErrorSchema,
]);
export type ConsoleMessage = z.infer<typeof ConsoleMessageSchema>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: ErrorMessage };

/** One sentence naming the first problem zod found, with its path, for an `error` reply. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The message does not match the protocol.';
  const where = issue.path.length ? `at "${issue.path.join('.')}"` : 'at the top level';
  return `The message does not match the protocol ${where}: ${issue.message}.`;
}

function parseWith<T>(schema: z.ZodType<T>, text: string, idHint?: unknown): ParseResult<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {
      ok: false,
      error: {
        type: 'error',
        code: 'bad-json',
        message: 'The frame is not valid JSON; send one JSON object per frame.',
      },
    };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const id = typeof idHint === 'string' ? idHint : (raw as { id?: unknown } | null)?.id;
  return {
    ok: false,
    error: {
      type: 'error',
      code: 'bad-message',
      message: describeIssue(parsed.error),
      ...(typeof id === 'string' && id.length > 0 && id.length <= 200 ? { id } : {}),
    },
  };
}

/** Parses one frame an agent sent; never throws. */
export function parseAgentMessage(text: string): ParseResult<AgentMessage> {
  return parseWith(AgentMessageSchema, text);
}

/** Parses one frame the console sent; never throws. */
export function parseConsoleMessage(text: string): ParseResult<ConsoleMessage> {
  return parseWith(ConsoleMessageSchema, text);
}
