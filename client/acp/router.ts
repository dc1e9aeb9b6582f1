/**
 * What the proxy needs to know about the traffic it forwards, direction by direction. Each side numbers
 * its own requests (both count from 0), so an id means something only together with who sent it: the
 * editor's answers to the agent's permission requests are looked up among the agent's ids, the agent's
 * answers to `initialize` and `session/new` among the editor's.
 *
 * A line is parsed only when it may concern the proxy (a cheap byte search first), so most traffic costs
 * one search and nothing else. The router never changes a line; it says what the line was.
 */
import type { z } from 'zod';
import {
  CancelParamsSchema,
  EnvelopeSchema,
  InitializeResultSchema,
  METHODS,
  NewSessionResultSchema,
  RequestPermissionParamsSchema,
  RequestPermissionResultSchema,
  SessionOpenParamsSchema,
} from './acp-schemas';
import type { Envelope, JsonRpcId, RequestPermissionParams } from './acp-schemas';

export type Seen =
  | { readonly kind: 'other' }
  | { readonly kind: 'malformed'; readonly reason: string }
  /** The agent asks; `key` names this request until the editor answers it. */
  | {
      readonly kind: 'permission-request';
      readonly key: string;
      readonly id: JsonRpcId;
      readonly params: RequestPermissionParams;
      readonly cwd: string | undefined;
    }
  /**
   * The editor answered the agent's permission request `key`: with the option it chose, `cancelled`, or
   * something else (an error, or a result that does not match ACP), which `outcome` leaves out.
   */
  | { readonly kind: 'permission-answer'; readonly key: string; readonly outcome?: EditorOutcome }
  /** The editor answered a permission request it had already answered. */
  | { readonly kind: 'permission-answer-again'; readonly key: string }
  | { readonly kind: 'cancel'; readonly sessionId: string };

export type EditorOutcome = z.infer<typeof RequestPermissionResultSchema>['outcome'];

/** A line above this size is forwarded without being read: no card for it, and no stall for the rest. */
export const MAX_PARSED_BYTES = 16 * 1024 * 1024;

const OTHER: Seen = { kind: 'other' };
const EDITOR_MARKERS = [
  METHODS.initialize,
  METHODS.sessionNew,
  METHODS.sessionLoad,
  METHODS.sessionResume,
  METHODS.sessionCancel,
].map((method) => Buffer.from(`"${method}"`));
const PERMISSION_MARKER = Buffer.from(`"${METHODS.requestPermission}"`);
/** What a second answer to a permission request carries: a result's outcome, or an error. */
const ANSWER_MARKERS = [Buffer.from('"outcome"'), Buffer.from('"error"')];
/** How many answered permission requests are remembered, to know a second answer to one. */
const ANSWERED_KEPT = 256;

type Watched = { readonly method: 'initialize' } | { readonly method: 'session/new'; readonly cwd: string };

export class AcpRouter {
  /** The agent's name from its `initialize` answer. */
  agentName: string | undefined;
  /** The editor's requests whose answers tell the proxy something, by id. */
  private readonly editorRequests = new Map<string, Watched>();
  /** The agent's permission requests the editor has not answered yet, by id. */
  private readonly agentRequests = new Set<string>();
  /** The latest ones it has answered, oldest first. */
  private readonly answered = new Set<string>();
  private readonly cwds = new Map<string, string>();

  cwdOf(sessionId: string): string | undefined {
    return this.cwds.get(sessionId);
  }

  fromAgent(line: Buffer): Seen {
    const shape = quickShape(line);
    if (shape !== undefined) return shape;
    if (this.editorRequests.size === 0 && !line.includes(PERMISSION_MARKER)) return OTHER;
    const read = readEnvelope(line);
    if (!read.ok) return { kind: 'malformed', reason: read.reason };
    const envelope = read.envelope;
    if (envelope.method === METHODS.requestPermission && envelope.id != null) {
      const params = RequestPermissionParamsSchema.safeParse(envelope.params);
      if (!params.success) return malformed('a session/request_permission', params.error);
      const key = keyOf(envelope.id);
      this.agentRequests.add(key);
      this.answered.delete(key);
      return {
        kind: 'permission-request',
        key,
        id: envelope.id,
        params: params.data,
        cwd: this.cwds.get(params.data.sessionId),
      };
    }
    if (envelope.method === undefined && envelope.id != null) this.agentAnswered(envelope);
    return OTHER;
  }

  fromEditor(line: Buffer): Seen {
    const shape = quickShape(line);
    if (shape !== undefined) return shape;
    if (
      this.agentRequests.size === 0 &&
      !EDITOR_MARKERS.some((marker) => line.includes(marker)) &&
      !(this.answered.size > 0 && ANSWER_MARKERS.some((marker) => line.includes(marker)))
    )
      return OTHER;
    const read = readEnvelope(line);
    if (!read.ok) return { kind: 'malformed', reason: read.reason };
    const envelope = read.envelope;
    const { id, method } = envelope;
    if (method === undefined) {
      if (id == null) return OTHER;
      const key = keyOf(id);
      if (this.answered.has(key)) return { kind: 'permission-answer-again', key };
      if (!this.agentRequests.delete(key)) return OTHER;
      this.remember(key);
      const result = RequestPermissionResultSchema.safeParse(envelope.result);
      return { kind: 'permission-answer', key, ...(result.success ? { outcome: result.data.outcome } : {}) };
    }
    if (method === METHODS.sessionCancel) {
      const params = CancelParamsSchema.safeParse(envelope.params);
      return params.success ? { kind: 'cancel', sessionId: params.data.sessionId } : OTHER;
    }
    if (id == null) return OTHER;
    if (method === METHODS.initialize) this.editorRequests.set(keyOf(id), { method });
    else if (
      method === METHODS.sessionNew ||
      method === METHODS.sessionLoad ||
      method === METHODS.sessionResume
    ) {
      const params = SessionOpenParamsSchema.safeParse(envelope.params);
      if (!params.success) return OTHER;
      if (params.data.sessionId) this.cwds.set(params.data.sessionId, params.data.cwd);
      else this.editorRequests.set(keyOf(id), { method: 'session/new', cwd: params.data.cwd });
    }
    return OTHER;
  }

  private remember(key: string): void {
    this.answered.add(key);
    if (this.answered.size > ANSWERED_KEPT)
      this.answered.delete(this.answered.values().next().value as string);
  }

  private agentAnswered(envelope: Envelope): void {
    const key = keyOf(envelope.id as JsonRpcId);
    const watched = this.editorRequests.get(key);
    if (!watched) return;
    this.editorRequests.delete(key);
    if (watched.method === 'initialize') {
      const result = InitializeResultSchema.safeParse(envelope.result);
      if (result.success && result.data.agentInfo) this.agentName = result.data.agentInfo.name;
    } else {
      const result = NewSessionResultSchema.safeParse(envelope.result);
      if (result.success) this.cwds.set(result.data.sessionId, watched.cwd);
    }
  }
}

/** 0 and "0" are different ids. */
function keyOf(id: JsonRpcId): string {
  return typeof id === 'number' ? `n${id}` : `s${id}`;
}

const BLANK = new Set([0x20, 0x09, 0x0d, 0x0a]);

/** Blank lines are nothing; a line that is not braced is not JSON-RPC at all; both found without parsing. */
function quickShape(line: Buffer): Seen | undefined {
  let first = 0;
  let last = line.length - 1;
  while (first <= last && BLANK.has(line[first] as number)) first += 1;
  while (last >= first && BLANK.has(line[last] as number)) last -= 1;
  if (first > last) return OTHER;
  if (line[first] !== 0x7b || line[last] !== 0x7d)
    return { kind: 'malformed', reason: 'a line that is not a JSON object' };
  if (line.length > MAX_PARSED_BYTES) return OTHER;
  return undefined;
}

function readEnvelope(line: Buffer): { ok: true; envelope: Envelope } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(line.toString('utf8'));
  } catch {
    return { ok: false, reason: 'a line that is not valid JSON' };
  }
  const envelope = EnvelopeSchema.safeParse(raw);
  if (envelope.success) return { ok: true, envelope: envelope.data };
  return { ok: false, reason: malformed('a JSON-RPC message', envelope.error).reason };
}

function malformed(what: string, error: z.ZodError): { kind: 'malformed'; reason: string } {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` at "${issue.path.join('.')}"` : '';
  return { kind: 'malformed', reason: `${what} that does not match ACP${where}` };
}
