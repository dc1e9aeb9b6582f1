/**
 * The contract between the console's main process and its renderer: one map of request/response channels
 * and one of pushed events. Electron carries it over IPC (preload/), the web console over its own WebSocket
 * (main/web/); both validate every argument against the same schemas, so the renderer cannot tell them apart.
 */
import { z } from 'zod';
import {
  DecisionBehaviorSchema,
  PermissionModeSchema,
  PermissionUpdateSchema,
  ProvenanceSchema,
  RacerKindSchema,
} from './protocol';
import type { RacerKind } from './protocol';

export type Result<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

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
  /** Epoch milliseconds. */
  receivedAt: z.number(),
  /** Epoch milliseconds at which the timeout racer answers, while its clock runs. */
  deadline: z.number().optional(),
  /** True while a person has the request open somewhere: the timeout waits for them. */
  held: z.boolean().optional(),
});
export type PendingRequestView = z.infer<typeof PendingRequestViewSchema>;

export const DecideArgsSchema = z.object({
  id: z.string().min(1).max(200),
  behavior: z.enum(['allow', 'deny']),
  message: z.string().max(4_000).optional(),
});
export type DecideArgs = z.infer<typeof DecideArgsSchema>;

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
  }),
]);
export type QueueEvent = z.infer<typeof QueueEventSchema>;

/** Renderer → main, request/response. Every handler returns a `Result` of the value type listed here. */
export const invokeSchemas = {
  'queue:list': z.object({}).strict(),
  'queue:decide': DecideArgsSchema,
  /** The caller has a request open (or no longer): its timeout waits while anyone does. */
  'queue:viewing': ViewingArgsSchema,
} as const;

export interface InvokeValues {
  'queue:list': PendingRequestView[];
  'queue:decide': DecideOutcome;
  'queue:viewing': { held: boolean };
}

export type InvokeChannel = keyof typeof invokeSchemas;
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeSchemas)[C]>;
export const invokeChannels = Object.keys(invokeSchemas) as InvokeChannel[];

/** Main → renderer, pushed. */
export interface EventPayloads {
  'queue:changed': QueueEvent;
}
export type EventChannel = keyof EventPayloads;
export const eventChannels: readonly EventChannel[] = ['queue:changed'];

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

/** The web console's WebSocket path and frames (the token travels in the first frame, never in the URL). */
export const CONSOLE_PATH = '/console';

export const ConsoleClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({
    type: z.literal('invoke'),
    seq: z.number().int().nonnegative(),
    channel: z.string().max(100),
    args: z.unknown(),
  }),
]);
export type ConsoleClientFrame = z.infer<typeof ConsoleClientFrameSchema>;

export type ConsoleServerFrame =
  | { type: 'ready' }
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
