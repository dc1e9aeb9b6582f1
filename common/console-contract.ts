/**
 * The contract between the console's main process and its renderer: one map of request/response channels
 * and one of pushed events. Electron carries it over IPC (preload/), the web console over its own WebSocket
 * (main/web/); both validate every argument against the same schemas, so the renderer cannot tell them apart.
 */
import { z } from 'zod';
import {
  AgentOptionSchema,
  DecisionBehaviorSchema,
  PermissionModeSchema,
  PermissionUpdateSchema,
  ProvenanceSchema,
  RacerKindSchema,
} from './protocol';
import type { RacerKind } from './protocol';
import { historyInvokeSchemas } from './history-contract';
import type { HistoryChanged, HistoryInvokeValues } from './history-contract';
import { riskLabels } from '../engine';
import { views } from './console-views';
import { ruleSources } from '../engine';
import { phoneEventChannels, phoneInvokeSchemas } from './phone-contract';
import type { PhoneEventPayloads, PhoneInvokeValues } from './phone-contract';
import { rulesEventChannels, rulesInvokeSchemas } from './rules-contract';
import type { RulesEventPayloads, RulesInvokeValues } from './rules-contract';

export type Result<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** A rule as a person reads it: its text, where it is written, and what it does. */
export const RuleRefViewSchema = z.object({
  text: z.string(),
  behavior: z.enum(['allow', 'deny', 'ask']),
  source: z.enum(ruleSources),
  file: z.string().optional(),
  index: z.number().int().optional(),
});
export type RuleRefView = z.infer<typeof RuleRefViewSchema>;

/** Why the agent asked: the console's engine run on the agent's own settings for this very call. */
export const ExplanationSchema = z.object({
  behavior: z.enum(['allow', 'deny', 'ask']),
  /** The pipeline step that decided (seed §9.3–9.5): 1a…1g, 2a, 2b, 3, classifier, dontAsk, headless, hook. */
  step: z.string(),
  reason: z.object({
    type: z.enum(['rule', 'mode', 'safetyCheck', 'tool', 'classifier', 'headless', 'hook', 'default']),
    message: z.string(),
    rule: RuleRefViewSchema.optional(),
    mode: PermissionModeSchema.optional(),
    path: z.string().optional(),
  }),
  /** Rules for the same tool that did not match: what almost applied. */
  nearMisses: z.array(RuleRefViewSchema),
  risk: z.enum(riskLabels),
  /** Destructive, privileged or touching a protected path: an explicit click and a second look, no one-key approve. */
  needsSecondLook: z.boolean(),
  protectedPath: z.string().optional(),
  /** For Bash: each subcommand, and the allow rule that already covers it, if one does. */
  subcommands: z.array(z.object({ text: z.string(), allowedBy: RuleRefViewSchema.optional() })).optional(),
  /** Settings that could not be read (the explanation used the rest), each one sentence. */
  warnings: z.array(z.string()).optional(),
  /** Rules to offer for "Always allow" and timed grants, ready to edit; the agent's own suggestions first. */
  suggestedRules: z.array(z.string()),
});
export type Explanation = z.infer<typeof ExplanationSchema>;

export const PendingRequestViewSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  agent: z.object({ name: z.string(), version: z.string().optional() }),
  cwd: z.string(),
  tool: z.string(),
  input: z.record(z.string(), z.unknown()),
  mode: PermissionModeSchema,
  suggestions: z.array(PermissionUpdateSchema).optional(),
  provenance: ProvenanceSchema.optional(),
  /** The agent's own answers (ACP): the card's buttons, by the agent's names. */
  options: z.array(AgentOptionSchema).optional(),
  /** Epoch milliseconds. */
  receivedAt: z.number(),
  /** Epoch milliseconds at which the timeout racer answers; while held, when the agent itself stops waiting. */
  deadline: z.number().optional(),
  /** True while a person has the request open somewhere: the timeout waits for them. */
  held: z.boolean().optional(),
  /** Absent only while it is being computed, or when the engine could not run. */
  explanation: ExplanationSchema.optional(),
});
export type PendingRequestView = z.infer<typeof PendingRequestViewSchema>;

export const grantDurations = ['5m', '1h', 'session'] as const;
export const GrantDurationSchema = z.enum(grantDurations);
export type GrantDuration = z.infer<typeof GrantDurationSchema>;

/** A person's answer. Allow may edit the input, persist rules (the agent writes them) or open a timed grant. */
export const DecideArgsSchema = z.discriminatedUnion('behavior', [
  z.object({
    id: z.string().min(1).max(200),
    behavior: z.literal('allow'),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    /** "Always allow": Claude Code's update entries, applied and persisted by the agent itself. */
    updatedPermissions: z.array(PermissionUpdateSchema).max(20).optional(),
    /** Allow this and every matching call of the session until the grant ends. */
    grant: z.object({ duration: GrantDurationSchema, rule: z.string().min(1).max(10_000) }).optional(),
    /** The request's own option chosen (ACP): must be one it offered, of an allow kind. */
    optionId: z.string().min(1).max(200).optional(),
  }),
  z.object({
    id: z.string().min(1).max(200),
    behavior: z.literal('deny'),
    /** Sent to the agent: what to do instead. */
    message: z.string().max(4_000).optional(),
    /** "Deny and stop": the agent stops its turn. */
    interrupt: z.boolean().optional(),
    /** The request's own option chosen (ACP): must be one it offered, of a reject kind. */
    optionId: z.string().min(1).max(200).optional(),
  }),
]);
export type DecideArgs = z.infer<typeof DecideArgsSchema>;

/** A timed grant or session rule the person made at the console: visible and revocable. */
export const GrantViewSchema = z.object({
  id: z.string(),
  rule: z.string(),
  sessionId: z.string(),
  cwd: z.string(),
  agent: z.string(),
  duration: GrantDurationSchema,
  createdAt: z.number(),
  /** Absent for a session grant: it lasts until the session ends. */
  expiresAt: z.number().optional(),
  /** How many requests it has answered. */
  uses: z.number().int(),
});
export type GrantView = z.infer<typeof GrantViewSchema>;

export const RulePreviewArgsSchema = z.object({
  rule: z.string().min(1).max(10_000),
  cwd: z.string().min(1).max(4_096),
});
export type RulePreview =
  { valid: true; matched: number; examined: number; examples: string[] } | { valid: false; error: string };

export interface DiffHunk {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  /** Each line prefixed with ' ', '+' or '-', as in a unified diff. */
  readonly lines: readonly string[];
}

/** What an edit-family call would change in the file on disk. */
export type EditPreview =
  | {
      readonly kind: 'diff';
      readonly path: string;
      readonly isNew: boolean;
      readonly added: number;
      readonly removed: number;
      readonly hunks: readonly DiffHunk[];
    }
  | {
      readonly kind: 'unavailable';
      readonly path?: string;
      readonly reason: string;
      /** Set when the console would not read the file at all; the card words it in the person's language. */
      readonly refused?: PreviewRefusal;
    };

/** Why the file behind a preview was not read (files/read-bounded.ts). */
export type PreviewRefusal =
  | { readonly reason: 'not-a-regular-file' }
  | { readonly reason: 'too-large'; readonly size: number; readonly limit: number }
  | { readonly reason: 'unreadable'; readonly code: string };

export interface ConsoleStatus {
  readonly version: string;
  readonly tokenStorage: 'keychain' | 'file';
  /** Sentences a person should see: a broken settings file, a token kept without a keychain. */
  readonly warnings: readonly string[];
}

export type DecideOutcome = { won: true } | { won: false; winner: RacerKind };

export const ViewingArgsSchema = z.object({ id: z.string().min(1).max(200), viewing: z.boolean() });

export const QueueEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('added'), request: PendingRequestViewSchema }),
  z.object({ kind: z.literal('updated'), request: PendingRequestViewSchema }),
  z.object({
    kind: z.literal('resolved'),
    id: z.string(),
    behavior: DecisionBehaviorSchema,
    by: RacerKindSchema,
    /** Why, when it was not a person's answer here: "answered in the terminal", "session moved on". */
    message: z.string().optional(),
  }),
]);
export type QueueEvent = z.infer<typeof QueueEventSchema>;

/** Renderer → main, request/response. Every handler returns a `Result` of the value type listed here. */
export const invokeSchemas = {
  'queue:list': z.object({}).strict(),
  'queue:decide': DecideArgsSchema,
  /** The caller has a request open (or no longer): its timeout waits while anyone does. */
  'queue:viewing': ViewingArgsSchema,
  /** The diff an edit-family request would make to the file on disk; by request id, never by path. */
  'queue:diff': z.object({ id: z.string().min(1).max(200) }),
  'grants:list': z.object({}).strict(),
  'grants:revoke': z.object({ id: z.string().min(1).max(200) }),
  /** How many past requests a rule would have matched, before the person saves it. */
  'rules:preview': RulePreviewArgsSchema,
  ...rulesInvokeSchemas,
  'console:status': z.object({}).strict(),
  /** A new bridge token, at rest and in bridge.json; connected agents stay connected. */
  'console:rotate-token': z.object({}).strict(),
  /** Brings the desktop window of a view forward (opening it once); a web tab switches in place instead. */
  'console:show-view': z
    .object({
      view: z.enum(views),
      /** For the rule editor: the project folder to open in it. */
      cwd: z.string().min(1).max(4_096).optional(),
    })
    .strict(),
  ...historyInvokeSchemas,
  ...phoneInvokeSchemas,
} as const;

export interface InvokeValues extends RulesInvokeValues, HistoryInvokeValues, PhoneInvokeValues {
  'queue:list': PendingRequestView[];
  'queue:decide': DecideOutcome;
  'queue:viewing': { held: boolean };
  'queue:diff': EditPreview;
  'grants:list': GrantView[];
  'grants:revoke': { revoked: boolean };
  'rules:preview': RulePreview;
  'console:status': ConsoleStatus;
  'console:rotate-token': ConsoleStatus;
  /** False when the caller has no window of its own to bring forward (a web tab): it switches itself. */
  'console:show-view': { shown: boolean };
}

export type InvokeChannel = keyof typeof invokeSchemas;
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeSchemas)[C]>;
export const invokeChannels = Object.keys(invokeSchemas) as InvokeChannel[];

/** Main → renderer, pushed. */
export interface EventPayloads extends RulesEventPayloads, PhoneEventPayloads {
  'queue:changed': QueueEvent;
  'grants:changed': GrantView[];
  /** To a desktop window: bring this request under the cursor (its notification or the tray asked). */
  'queue:reveal': { id: string };
  /** To the rule editor's desktop window: open this project folder (the queue's Always allow asked). */
  'rules:show-folder': { cwd: string };
  'history:changed': HistoryChanged;
}
export type EventChannel = keyof EventPayloads;
export const eventChannels: readonly EventChannel[] = [
  'queue:changed',
  'grants:changed',
  'queue:reveal',
  'rules:show-folder',
  'history:changed',
  ...rulesEventChannels,
  ...phoneEventChannels,
];

/** The whole surface a renderer sees, whichever transport carries it. */
export interface ConsoleApi {
  invoke<C extends InvokeChannel>(channel: C, args: InvokeArgs<C>): Promise<Result<InvokeValues[C]>>;
  on<E extends EventChannel>(channel: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

/** Who is calling: one Electron window or one web console tab, named by its transport. */
export interface Caller {
  readonly id: string;
  /** Recorded in history as where an answer came from: "window" or "web". */
  readonly channel: 'window' | 'web';
}

/** What main implements once and both transports serve. */
export type ConsoleHandlers = {
  [C in InvokeChannel]: (
    args: InvokeArgs<C>,
    caller: Caller,
  ) => Result<InvokeValues[C]> | Promise<Result<InvokeValues[C]>>;
};

/** Validates untrusted arguments before a handler sees them. */
export function parseInvokeArgs<C extends InvokeChannel>(channel: C, args: unknown): Result<InvokeArgs<C>> {
  const parsed = invokeSchemas[channel].safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data as InvokeArgs<C> };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    error: {
      code: 'bad-arguments',
      message: `The arguments of ${channel} are not valid${issue ? ` at "${issue.path.join('.')}": ${issue.message}` : ''}.`,
    },
  };
}

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && Object.hasOwn(invokeSchemas, value);
}

/**
 * The web console's WebSocket path and frames. The first frame proves the tab: `auth` with the one-time code
 * of its link (the URL fragment), the tab secret a previous `ready` handed out, or both; each is spent.
 */
export const CONSOLE_PATH = '/console';

/** How long a web console link works if nobody opens it. */
export const LINK_CODE_TTL_MS = 2 * 60_000;

/** How the channel closes on a refused tab, so the page can say which: made up, already used, or stale. */
export const REFUSED_CLOSE = { unknown: 4401, used: 4409, expired: 4410 } as const;

const credential = z.string().min(1).max(200);
export const ConsoleClientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), code: credential.optional(), secret: credential.optional() }),
  z.object({
    type: z.literal('invoke'),
    seq: z.number().int().nonnegative(),
    channel: z.string().max(100),
    args: z.unknown(),
  }),
]);
export type ConsoleClientFrame = z.infer<typeof ConsoleClientFrameSchema>;

export type ConsoleServerFrame =
  /** `secret` is the tab's next secret: the one to resume with, once. */
  | { type: 'ready'; secret: string }
  | { type: 'result'; seq: number; result: Result<unknown> }
  | { type: 'event'; channel: EventChannel; payload: EventPayloads[EventChannel] };

/** What the preload exposes as `window.gatehouse`: one function per channel, never `ipcRenderer` itself. */
export interface PreloadApi {
  readonly invoke: {
    readonly [C in InvokeChannel]: (args: InvokeArgs<C>) => Promise<Result<InvokeValues[C]>>;
  };
  readonly on: {
    readonly [E in EventChannel]: (listener: (payload: EventPayloads[E]) => void) => () => void;
  };
}

/** Electron's IPC channel for a pushed event: prefixed so the preload can never be asked to forward others. */
export const eventIpcChannel = (channel: EventChannel) => `event:${channel}` as const;
