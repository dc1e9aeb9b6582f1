/**
 * The one place that turns history rows back into protocol objects. The casts are sound because every
 * row was written by this module from typed values, and the schema's CHECKs guard behavior and JSON.
 */
import type {
  AgentEnd,
  AgentOption,
  DecisionBehavior,
  PermissionDecision,
  PermissionMode,
  RacerKind,
} from '../../common/protocol';
import type {
  HandedBackView,
  HistoryEntryView,
  NotTakenView,
  RecordedDecisionView,
  RecordedRequestView,
  RetryGrantView,
} from '../../common/history-contract';

/** The columns `TIMELINE_COLUMNS` selects. */
export interface TimelineRow {
  readonly id: string;
  readonly session_id: string;
  readonly tool: string;
  readonly input: string;
  readonly cwd: string;
  readonly mode: string;
  readonly fingerprint: string;
  readonly received_at: number;
  readonly suggestions: string | null;
  readonly provenance: string | null;
  readonly turn_id: string | null;
  readonly behavior: string | null;
  readonly decided_by: string | null;
  readonly channel: string | null;
  readonly latency_ms: number | null;
  readonly message: string | null;
  readonly interrupt: number | null;
  readonly updated_input: string | null;
  readonly updated_permissions: string | null;
  readonly rule_written: string | null;
  readonly decided_at: number | null;
  readonly not_taken: string | null;
  readonly not_taken_message: string | null;
  readonly option_id: string | null;
  readonly option_kind: string | null;
  readonly option_name: string | null;
  readonly agent_end: string | null;
  readonly retry_until: number | null;
  readonly retry_used_at: number | null;
  readonly retry_used_by: string | null;
  readonly retry_call_id: string | null;
  readonly agent_name: string;
  readonly agent_version: string;
  readonly handed_back_at: number | null;
  readonly handed_back_because: string | null;
}

export type DecisionRow = Pick<
  TimelineRow,
  | 'id'
  | 'behavior'
  | 'decided_by'
  | 'message'
  | 'interrupt'
  | 'updated_input'
  | 'updated_permissions'
  | 'option_id'
>;

/** Requests left-joined with their decisions, as `r` and `d`. */
export const TIMELINE_COLUMNS = `
  r.id, r.session_id, r.tool, r.input, r.cwd, r.mode, r.fingerprint, r.received_at, r.suggestions, r.provenance,
  r.turn_id, d.behavior, d.decided_by, d.channel, d.latency_ms, d.message, d.interrupt, d.updated_input,
  d.updated_permissions, d.rule_written, d.decided_at, d.not_taken, d.not_taken_message, d.option_id,
  d.option_kind, d.option_name, d.agent_end, d.retry_until, d.retry_used_at, d.retry_used_by, d.retry_call_id,
  r.handed_back_at,
  r.handed_back_because, a.name AS agent_name, a.version AS agent_version`;
/** What `TIMELINE_COLUMNS` reads besides `requests r` and `decisions d`: the agent of the request's session. */
export const AGENT_JOIN = 'JOIN sessions s ON s.id = r.session_id JOIN agents a ON a.id = s.agent_id';

export function toDecision(
  row: DecisionRow & { readonly behavior: string; readonly decided_by: string },
): PermissionDecision {
  return {
    type: 'permission.decision',
    id: row.id,
    behavior: row.behavior as DecisionBehavior,
    by: row.decided_by as RacerKind,
    ...(row.updated_input !== null ? { updatedInput: JSON.parse(row.updated_input) } : {}),
    ...(row.updated_permissions !== null ? { updatedPermissions: JSON.parse(row.updated_permissions) } : {}),
    ...(row.message !== null ? { message: row.message } : {}),
    ...(row.interrupt !== null ? { interrupt: row.interrupt === 1 } : {}),
    ...(row.option_id !== null ? { optionId: row.option_id } : {}),
  };
}

export function toHistoryEntryView(row: TimelineRow): HistoryEntryView {
  const request: RecordedRequestView = {
    id: row.id,
    sessionId: row.session_id,
    cwd: row.cwd,
    tool: row.tool,
    input: JSON.parse(row.input),
    mode: row.mode as PermissionMode,
    ...(row.suggestions !== null ? { suggestions: JSON.parse(row.suggestions) } : {}),
    ...(row.provenance !== null ? { provenance: JSON.parse(row.provenance) } : {}),
    ...(row.turn_id !== null ? { turnId: row.turn_id } : {}),
    fingerprint: row.fingerprint,
    receivedAt: row.received_at,
  };
  // An agent that named no version is stored with '' (the agents table's UNIQUE needs a value).
  const agent = { name: row.agent_name, ...(row.agent_version ? { version: row.agent_version } : {}) };
  const { behavior, decided_by, latency_ms, decided_at } = row;
  if (behavior === null || decided_by === null || latency_ms === null || decided_at === null) {
    const { handed_back_at: at, handed_back_because: because } = row;
    return at === null || because === null
      ? { request, agent }
      : { request, agent, handedBack: { because: because as HandedBackView['because'], at } };
  }
  const decision: RecordedDecisionView = {
    decision: toDecision({ ...row, behavior, decided_by }),
    ...(row.channel !== null ? { channel: row.channel } : {}),
    ...(row.rule_written !== null ? { ruleWritten: row.rule_written } : {}),
    latencyMs: latency_ms,
    decidedAt: decided_at,
    ...(row.not_taken !== null
      ? {
          notTaken: {
            because: row.not_taken as NotTakenView['because'],
            ...(row.not_taken_message !== null ? { message: row.not_taken_message } : {}),
          },
        }
      : {}),
    ...(row.option_id !== null && row.option_kind !== null && row.option_name !== null
      ? {
          option: {
            optionId: row.option_id,
            kind: row.option_kind as AgentOption['kind'],
            name: row.option_name,
          },
        }
      : {}),
    ...(row.agent_end !== null ? { ended: row.agent_end as AgentEnd } : {}),
    ...(row.retry_until !== null ? { retry: toRetryGrant({ ...row, retry_until: row.retry_until }) } : {}),
  };
  return { request, agent, decision };
}

function toRetryGrant(row: TimelineRow & { readonly retry_until: number }): RetryGrantView {
  return {
    until: row.retry_until,
    ...(row.retry_used_at !== null ? { usedAt: row.retry_used_at } : {}),
    ...(row.retry_used_by !== null ? { usedBy: row.retry_used_by as RetryGrantView['usedBy'] } : {}),
    ...(row.retry_call_id !== null ? { callId: row.retry_call_id } : {}),
  };
}

/** JSON for a nullable column: NULL exactly when the field was absent. */
export function jsonOrNull(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}
