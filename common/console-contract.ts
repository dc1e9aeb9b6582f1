/**
 * The contract between the console's main process and its renderer: one map of request/response channels
 * and one of pushed events. Electron carries it over IPC (preload/), the web console over its own WebSocket
 * (main/web/); both validate every argument against the same schemas, so the renderer cannot tell them apart.
 */
import { z } from 'zod';
import { historyInvokeSchemas } from './history-contract';
import type { HistoryChanged, HistoryInvokeValues } from './history-contract';
import { views } from './console-views';
import { classifierInvokeSchemas } from './classifier-contract';
import type { ClassifierInvokeValues } from './classifier-contract';
import { exportInvokeSchemas } from './export-contract';
import type { ExportInvokeValues } from './export-contract';
import { phoneEventChannels, phoneInvokeSchemas } from './phone-contract';
import { proposalsEventChannels, proposalsInvokeSchemas } from './proposals-contract';
import type { ProposalsEventPayloads, ProposalsInvokeValues } from './proposals-contract';
import type { PhoneEventPayloads, PhoneInvokeValues } from './phone-contract';
import { GrantDurationSchema, queueEventChannels, queueInvokeSchemas } from './queue-contract';
import { PhraseSchema } from './phrase-schema';
import { McpServerSchema } from './protocol';
import type { QueueEventPayloads, QueueInvokeValues } from './queue-contract';
import { rulesEventChannels, rulesInvokeSchemas } from './rules-contract';
import type { RulesEventPayloads, RulesInvokeValues } from './rules-contract';
import { refusal } from './refusals';
import type { Refusal } from './refusals';

/** A handler's answer: its value, or a refusal the console words by its code (common/refusals.ts). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: Refusal };

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
  /**
   * For an MCP tool, the server of the request it was made on: it answers only calls from a server of that
   * name configured in that same place (a project can name its server like the user's).
   */
  mcpServer: McpServerSchema.optional(),
});
export type GrantView = z.infer<typeof GrantViewSchema>;

export const RulePreviewArgsSchema = z.object({
  rule: z.string().min(1).max(10_000),
  cwd: z.string().min(1).max(4_096),
});
export type RulePreview =
  { valid: true; matched: number; examined: number; examples: string[] } | { valid: false; error: string };

/**
 * A warning a person should see, as a code the console words in its own language, with what its sentence
 * names. `fallback` is main's sentence in English: what the log prints, and what a console that does not
 * know the code (or finds its fields wrong) shows.
 */
const fallback = z.string().max(10_000);
const named = z.string().max(10_000);

/** The formats a key of Gatehouse's settings.json is checked against, each worded by the console. */
export const settingsFormats = ['origin', 'api-root', 'chat-id'] as const;
/** The kinds of value a key of settings.json may have to be. */
export const settingsTypes = ['string', 'number', 'int', 'boolean', 'object', 'array'] as const;
/** What a limit counts: a number's value, a string's characters or a list's entries. */
export const settingsMeasures = ['number', 'string', 'array'] as const;
/** What is wrong with one key of settings.json: a kind and its measure, so any language can say it. */
export const SettingsProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('type'), expected: z.enum(settingsTypes) }),
  z.object({
    kind: z.enum(['too-big', 'too-small']),
    of: z.enum(settingsMeasures),
    limit: z.number(),
  }),
  z.object({ kind: z.literal('choice'), options: z.array(named).max(50) }),
  z.object({ kind: z.literal('format'), format: z.enum(settingsFormats) }),
  z.object({ kind: z.literal('invalid') }),
]);
export type SettingsProblem = z.infer<typeof SettingsProblemSchema>;
export type SettingsFormat = (typeof settingsFormats)[number];
export type SettingsType = (typeof settingsTypes)[number];
export type SettingsMeasure = (typeof settingsMeasures)[number];
export const ConsoleWarningSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('token-in-file'), path: named, fallback }),
  /** Gatehouse's settings.json could not be read, is not JSON, or has a key of the wrong shape. */
  z.object({ code: z.literal('settings-unreadable'), path: named, detail: named, fallback }),
  /** `problem`: the engine's phrase for what JSON.parse said, with the line and column, for any language. */
  z.object({
    code: z.literal('settings-not-json'),
    path: named,
    problem: PhraseSchema,
    fallback,
  }),
  /** `key` is the key's dotted path, "" for the file as a whole; `problem` what is wrong with it. */
  z.object({
    code: z.literal('settings-invalid'),
    path: named,
    key: named,
    problem: SettingsProblemSchema,
    fallback,
  }),
  /** Notifications are off: notify-send missing or too old, not loadable, no backend here, or one that failed. */
  z.object({ code: z.literal('notify-send-missing'), package: named, fallback }),
  z.object({ code: z.literal('notify-send-old'), version: named, package: named, fallback }),
  z.object({ code: z.literal('notifications-unavailable'), detail: named, fallback }),
  z.object({ code: z.literal('notifications-unsupported'), platform: named, fallback }),
  z.object({ code: z.literal('notifications-failed'), detail: named, fallback }),
  /** The hourly purge of history older than `days` failed; it is tried again. */
  z.object({ code: z.literal('history-purge-failed'), days: named, detail: named, fallback }),
  /** The phone: a request not sent, a message not updated, a kept token refused, the paired chat not saved. */
  z.object({ code: z.literal('phone-send-failed'), fallback }),
  z.object({ code: z.literal('phone-update-failed'), fallback }),
  z.object({ code: z.literal('phone-token-refused'), fallback }),
  z.object({ code: z.literal('phone-chat-not-saved'), detail: named, fallback }),
  /** The port this console listened on last was taken, so it listens on another: old links and tabs break. */
  z.object({ code: z.literal('port-moved'), from: named, to: named, fallback }),
  /** Gatehouse's decisions could not be sent to the person's collector: records are dropped until it takes them. */
  z.object({ code: z.literal('export-failed'), endpoint: named, detail: named, fallback }),
]);
export type ConsoleWarning = Readonly<z.infer<typeof ConsoleWarningSchema>>;
export type ConsoleWarningCode = ConsoleWarning['code'];

export interface ConsoleStatus {
  readonly version: string;
  readonly tokenStorage: 'keychain' | 'file';
  readonly warnings: readonly ConsoleWarning[];
}

/** Renderer → main, request/response. Every handler returns a `Result` of the value type listed here. */
export const invokeSchemas = {
  ...queueInvokeSchemas,
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
      /** For the rule editor: a rule to start adding there (a suggestion's Edit). */
      rule: z.string().min(1).max(10_000).optional(),
    })
    .strict(),
  ...historyInvokeSchemas,
  ...phoneInvokeSchemas,
  ...classifierInvokeSchemas,
  ...proposalsInvokeSchemas,
  ...exportInvokeSchemas,
} as const;

export interface InvokeValues
  extends
    QueueInvokeValues,
    RulesInvokeValues,
    HistoryInvokeValues,
    PhoneInvokeValues,
    ClassifierInvokeValues,
    ProposalsInvokeValues,
    ExportInvokeValues {
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
export interface EventPayloads
  extends QueueEventPayloads, RulesEventPayloads, PhoneEventPayloads, ProposalsEventPayloads {
  'grants:changed': GrantView[];
  /** To the rule editor's desktop window: open this project folder (the queue's Always allow asked). */
  'rules:show-folder': { cwd: string; rule?: string };
  'history:changed': HistoryChanged;
}
export type EventChannel = keyof EventPayloads;
export const eventChannels: readonly EventChannel[] = [
  ...queueEventChannels,
  'grants:changed',
  'rules:show-folder',
  'history:changed',
  ...rulesEventChannels,
  ...phoneEventChannels,
  ...proposalsEventChannels,
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
    error: refusal(
      'bad-arguments',
      `The arguments of ${channel} are not valid${issue ? ` at "${issue.path.join('.')}": ${issue.message}` : ''}.`,
    ),
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
  /**
   * Before a tab shows its secret to a console that came back, the console proves it is the one that
   * handed the secret out (`resumeProof`): `for` names the secret without giving it away.
   */
  z.strictObject({ type: z.literal('challenge'), for: credential, nonce: credential }),
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
  /** The answer to a `challenge`, computed as `resumeProof` says. */
  | { type: 'proof'; proof: string }
  | { type: 'result'; seq: number; result: Result<unknown> }
  | { type: 'event'; channel: EventChannel; payload: EventPayloads[EventChannel] };

/**
 * How a tab and the console it resumes with agree on a secret without the tab showing it first: the console
 * keeps `digest` = base64url(SHA-256(secret)) of each tab secret it handed out, the challenge names the
 * secret by base64url(SHA-256(digest)), and the proof is base64url(HMAC-SHA-256(key: digest, message)). The
 * message binds the console's port, so a proof relayed from a console on another port does not hold.
 */
export const resumeProofMessage = (port: string, nonce: string) =>
  `gatehouse-console-resume:${port}:${nonce}`;

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
