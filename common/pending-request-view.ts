/** A request as a card shows it, built the same way for a pending race and for a request from history. */
import type { PendingRequestView } from './queue-contract';

type RequestFields = Pick<
  PendingRequestView,
  | 'id'
  | 'sessionId'
  | 'cwd'
  | 'tool'
  | 'input'
  | 'mode'
  | 'suggestions'
  | 'provenance'
  | 'options'
  | 'mcpServer'
  | 'attended'
  | 'turnId'
>;
/** What only a pending request has: its clock, and the engine's explanation once computed. */
type PendingState = Pick<PendingRequestView, 'deadline' | 'held' | 'explanation'>;

export function pendingRequestView(
  request: RequestFields,
  agent: PendingRequestView['agent'],
  receivedAt: number,
  state: PendingState = {},
): PendingRequestView {
  return {
    id: request.id,
    sessionId: request.sessionId,
    agent: { name: agent.name, ...(agent.version ? { version: agent.version } : {}) },
    cwd: request.cwd,
    tool: request.tool,
    input: request.input,
    mode: request.mode,
    ...(request.suggestions ? { suggestions: request.suggestions } : {}),
    ...(request.provenance ? { provenance: request.provenance } : {}),
    ...(request.options ? { options: request.options } : {}),
    ...(request.mcpServer ? { mcpServer: request.mcpServer } : {}),
    ...(request.attended === undefined ? {} : { attended: request.attended }),
    ...(request.turnId ? { turnId: request.turnId } : {}),
    receivedAt,
    ...(state.deadline === undefined ? {} : { deadline: state.deadline }),
    ...(state.held ? { held: true } : {}),
    ...(state.explanation ? { explanation: state.explanation } : {}),
  };
}
