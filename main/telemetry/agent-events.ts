/**
 * The two kinds of record Gatehouse keeps from an agent's telemetry: how a tool call was settled and how it
 * ended, from Claude Code (`tool_decision`, `tool_result`) and Codex (`codex.tool_decision`,
 * `codex.tool_result`). Attribute names and values are those the pinned binaries send (docs/claude-code.md
 * and docs/codex.md, "Telemetry"); every other record is dropped here.
 */
import { callShape } from '../../common/agent-tool-events';
import type { AgentToolEvent } from '../../common/agent-tool-events';
import type { SessionEventCall } from '../../common/protocol';
import type { AttributeValue, LogRecord } from './otlp-logs';

/** The agent's tool events among `records`, in the order they came; `now` dates a record that has no time. */
export function agentToolEvents(records: readonly LogRecord[], now: number): AgentToolEvent[] {
  const events: AgentToolEvent[] = [];
  for (const record of records) {
    const event = toolEvent(record, now);
    if (event) events.push(event);
  }
  return events;
}

function toolEvent(record: LogRecord, now: number): AgentToolEvent | undefined {
  const a = record.attributes;
  const name = text(a['event.name']);
  const claude = name === 'tool_decision' || name === 'tool_result';
  const codex = name === 'codex.tool_decision' || name === 'codex.tool_result';
  if (!claude && !codex) return undefined;
  const sessionId = text(claude ? a['session.id'] : a['conversation.id']);
  const callId = text(claude ? a.tool_use_id : a.call_id);
  const tool = text(a.tool_name);
  if (!sessionId || !callId || !tool) return undefined;
  // Whole literals rather than a spread of the shared fields: V8 built the spread on its slow path, most of
  // what a record cost at thousands a second.
  const agent = claude ? ('claude' as const) : ('codex' as const);
  const input = claude
    ? (jsonObject(a.tool_input) ?? claudeParameters(a.tool_parameters))
    : jsonObject(a.arguments);
  const at = record.timeMs ?? (Date.parse(text(a['event.timestamp']) ?? '') || now);
  const sequence = typeof a['event.sequence'] === 'number' ? a['event.sequence'] : undefined;
  if (name.endsWith('tool_decision')) {
    const decision = text(a.decision) ?? '';
    return {
      kind: 'decision',
      agent,
      sessionId,
      callId,
      tool,
      input,
      at,
      sequence,
      decision,
      // Claude Code says accept/reject; Codex approved, approved_for_session, … or denied/abort.
      allowed: decision === 'accept' || decision.startsWith('approved'),
      source: text(a.source) ?? '',
      permissionMode: text(a.permission_mode),
    };
  }
  const duration = Number(a.duration_ms);
  return {
    kind: 'result',
    agent,
    sessionId,
    callId,
    tool,
    input,
    at,
    sequence,
    success: a.success === true || a.success === 'true',
    durationMs: Number.isFinite(duration) && a.duration_ms !== undefined ? duration : undefined,
    error: text(a.error_type),
  };
}

/**
 * A `tool_decision` carries no `tool_input`, only `tool_parameters`: for Bash `{bash_command, full_command,
 * description}`, whose command is the call's `command`.
 */
function claudeParameters(value: AttributeValue): Record<string, unknown> | undefined {
  const parameters = jsonObject(value);
  if (typeof parameters?.full_command !== 'string') return parameters;
  const { full_command: command, description } = parameters;
  return description === undefined ? { command } : { command, description };
}

function text(value: AttributeValue): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function jsonObject(value: AttributeValue): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a call's `tool_result` tells the registry, in the words of the agent's PostToolUse hook: the call ran
 * (or failed), so a card still up for the same call was answered elsewhere, in the agent's own dialog. This
 * is the hook's whole job done from the telemetry the agent already sends, so a card retires even where that
 * hook runs in the background or not at all; the registry retires each card once, whichever comes first.
 */
export function retiringEvents(events: readonly AgentToolEvent[]): SessionEventCall[] {
  return events.flatMap((event) => {
    if (event.kind !== 'result') return [];
    const { tool, input } = callShape(event);
    if (input === undefined) return [];
    return [
      {
        sessionId: event.sessionId,
        event: event.success ? ('tool.finished' as const) : ('tool.failed' as const),
        tool,
        input,
      },
    ];
  });
}
