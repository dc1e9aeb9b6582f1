/**
 * The few ACP messages the proxy reads, as zod schemas checked against the protocol package's own types:
 * `@agentclientprotocol/sdk` validates with zod internally but exports no schema, so these are the one
 * place the proxy validates what it parses. Unknown fields pass (`looseObject`): the proxy forwards the
 * original bytes, never what these return.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { z } from 'zod';

const meta = z.record(z.string(), z.unknown()).nullish();

/** A JSON-RPC id: ACP's ids are numbers or strings (null only on a parse-error response). */
export const JsonRpcIdSchema = z.union([z.number(), z.string()]);
export type JsonRpcId = z.infer<typeof JsonRpcIdSchema>;

/** Any JSON-RPC message, enough to route it: a request, a notification or a response. */
export const EnvelopeSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcIdSchema.nullish(),
  method: z.string().optional(),
  params: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export const PermissionOptionSchema = z.looseObject({
  optionId: z.string(),
  name: z.string(),
  // Unstable ACP allows custom kinds (`_…`): kept as a string here, never mapped to an approval.
  kind: z.string(),
  _meta: meta,
});

const ToolCallContentSchema = z.union([
  z.looseObject({ type: z.literal('content'), content: z.unknown() }),
  z.looseObject({
    type: z.literal('diff'),
    path: z.string(),
    oldText: z.string().nullish(),
    newText: z.string(),
  }),
  z.looseObject({ type: z.literal('terminal'), terminalId: z.string() }),
]);

export const RequestPermissionParamsSchema = z.looseObject({
  sessionId: z.string(),
  toolCall: z.looseObject({
    toolCallId: z.string(),
    kind: z.string().nullish(),
    status: z.string().nullish(),
    title: z.string().nullish(),
    content: z.array(ToolCallContentSchema).nullish(),
    locations: z.array(z.looseObject({ path: z.string(), line: z.number().nullish() })).nullish(),
    rawInput: z.unknown().optional(),
    _meta: meta,
  }),
  options: z.array(PermissionOptionSchema),
  _meta: meta,
});
export type RequestPermissionParams = z.infer<typeof RequestPermissionParamsSchema>;

export const InitializeResultSchema = z.looseObject({
  agentInfo: z.looseObject({ name: z.string(), version: z.string().optional() }).nullish(),
});

/** `session/new` carries the cwd; `session/load` and `session/resume` carry the session id too. */
export const SessionOpenParamsSchema = z.looseObject({ cwd: z.string(), sessionId: z.string().optional() });
export const NewSessionResultSchema = z.looseObject({ sessionId: z.string() });
export const CancelParamsSchema = z.looseObject({ sessionId: z.string() });
/** The editor's answer to a permission request: the option it chose, or `cancelled` (its turn was). */
export const RequestPermissionResultSchema = z.looseObject({
  outcome: z.discriminatedUnion('outcome', [
    z.looseObject({ outcome: z.literal('selected'), optionId: z.string() }),
    z.looseObject({ outcome: z.literal('cancelled') }),
  ]),
});

/** The protocol's names for the methods the proxy watches. */
export const METHODS = {
  initialize: 'initialize',
  sessionNew: 'session/new',
  sessionLoad: 'session/load',
  sessionResume: 'session/resume',
  sessionCancel: 'session/cancel',
  requestPermission: 'session/request_permission',
  sessionUpdate: 'session/update',
  /** ACP's request cancellation: the sender withdraws a request it made, by id. */
  cancelRequest: '$/cancel_request',
} as const satisfies Record<string, string>;

// Fails to compile when a real ACP message of one of these kinds would not parse with the schemas above.
type Accepts<Schema extends z.ZodType, T> = [T] extends [z.input<Schema>] ? true : false;
type Holds<T extends true> = T;
export type SchemasAcceptTheProtocol = [
  Holds<Accepts<typeof RequestPermissionParamsSchema, acp.RequestPermissionRequest>>,
  Holds<Accepts<typeof InitializeResultSchema, acp.InitializeResponse>>,
  Holds<Accepts<typeof SessionOpenParamsSchema, acp.NewSessionRequest>>,
  Holds<Accepts<typeof SessionOpenParamsSchema, acp.LoadSessionRequest>>,
  Holds<Accepts<typeof NewSessionResultSchema, acp.NewSessionResponse>>,
  Holds<Accepts<typeof CancelParamsSchema, acp.CancelNotification>>,
  Holds<Accepts<typeof RequestPermissionResultSchema, acp.RequestPermissionResponse>>,
];
