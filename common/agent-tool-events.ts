/**
 * A tool call as an agent's own telemetry reports it: how it was settled and how it ended. Made from the
 * OTLP records by main/telemetry/agent-events.ts, kept by main/history/activity-store.ts.
 */
export type TelemetryAgent = 'claude' | 'codex';

interface ToolEventBase {
  readonly agent: TelemetryAgent;
  /** Claude Code's `session.id`, Codex's `conversation.id`: the `session_id` its hooks send. */
  readonly sessionId: string;
  /** Claude Code's `tool_use_id`, Codex's `call_id`. */
  readonly callId: string;
  readonly tool: string;
  /** The call's input when the agent sends it (Claude Code only with OTEL_LOG_TOOL_DETAILS=1). */
  readonly input: Readonly<Record<string, unknown>> | undefined;
  /** When the agent recorded it, ms since the epoch. */
  readonly at: number;
  /** Claude Code's `event.sequence`, which orders a session's records; Codex sends none. */
  readonly sequence: number | undefined;
}

export interface ToolDecisionEvent extends ToolEventBase {
  readonly kind: 'decision';
  readonly allowed: boolean;
  /** The agent's own word for who decided: Claude Code's `config`, `hook`, `classifier`, `user_*`; Codex's `Config`, `User`, `AutomatedReviewer`. */
  readonly source: string;
  /** The agent's decision as it said it (`accept`, `reject`, `approved`, `denied`, …). */
  readonly decision: string;
  /** Claude Code's permission mode at the call. */
  readonly permissionMode: string | undefined;
}

export interface ToolResultEvent extends ToolEventBase {
  readonly kind: 'result';
  readonly success: boolean;
  readonly durationMs: number | undefined;
  /** Claude Code's `error_type` (`ShellError`, …); Codex sends only its output, which is not kept. */
  readonly error: string | undefined;
}

export type AgentToolEvent = ToolDecisionEvent | ToolResultEvent;

/**
 * The call as Gatehouse names tool calls: Codex's shell tool is `exec_command` with `{cmd}` in its
 * telemetry, where its permission hook asks about `Bash` with `{command}`.
 */
export function callShape(event: AgentToolEvent): {
  tool: string;
  input: Readonly<Record<string, unknown>> | undefined;
} {
  if (event.agent !== 'codex' || event.tool !== 'exec_command')
    return { tool: event.tool, input: event.input };
  const command = event.input?.cmd;
  // Its decision record carries no arguments; its result does.
  return { tool: 'Bash', input: typeof command === 'string' ? { command } : undefined };
}
