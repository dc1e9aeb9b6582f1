/**
 * One body's tool events folded into one write per call. An agent's exporter sends a call's decision and its
 * result in the same body whenever the call takes less than its export interval (most calls), so folding
 * them halves the rows written and the questions looked up. The fold keeps what writing the events one
 * after another would leave (activity-store.ts): the first known input and summary, the last decision and
 * the last result, and the decision's sequence ahead of the result's.
 */
import { callShape } from '../../common/agent-tool-events';
import type {
  AgentToolEvent,
  TelemetryAgent,
  ToolDecisionEvent,
  ToolResultEvent,
} from '../../common/agent-tool-events';

export interface CallWrite {
  readonly agent: TelemetryAgent;
  readonly sessionId: string;
  readonly callId: string;
  /** Gatehouse's name for the tool (callShape): what a question about the call was asked as. */
  readonly tool: string;
  /** Each distinct input the call's events carried, the first first: the first makes its summary. */
  readonly inputs: readonly Readonly<Record<string, unknown>>[];
  readonly decision: ToolDecisionEvent | undefined;
  readonly result: ToolResultEvent | undefined;
}

/** Whether two agent sessions are one: the same id from another agent is another session. */
export const sessionKey = (event: Pick<AgentToolEvent, 'sessionId' | 'agent'>) =>
  `${event.agent}\n${event.sessionId}`;

interface Fold {
  agent: TelemetryAgent;
  sessionId: string;
  callId: string;
  tool: string;
  inputs: Readonly<Record<string, unknown>>[];
  decision: ToolDecisionEvent | undefined;
  result: ToolResultEvent | undefined;
}

/** The body's calls in the order their first event came. */
export function callsOfBody(events: readonly AgentToolEvent[]): CallWrite[] {
  const calls = new Map<string, Fold>();
  for (const event of events) {
    const { tool, input } = callShape(event);
    const key = `${sessionKey(event)}\n${event.callId}`;
    let call = calls.get(key);
    if (call === undefined) {
      call = {
        agent: event.agent,
        sessionId: event.sessionId,
        callId: event.callId,
        tool,
        inputs: [],
        decision: undefined,
        result: undefined,
      };
      calls.set(key, call);
    }
    if (input !== undefined && !call.inputs.some((known) => sameInput(known, input))) call.inputs.push(input);
    if (event.kind === 'decision') call.decision = event;
    else call.result = event;
  }
  return [...calls.values()];
}

/** Claude Code sends a call's input twice (its parameters and its input): usually the same object's JSON. */
function sameInput(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
