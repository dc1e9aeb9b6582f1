/**
 * Which pending requests a `session.event` retires. Claude Code never says that a person answered its
 * terminal dialog, and its PermissionRequest input has no tool_use_id (docs/claude-code.md, 2.1.328
 * (pinned)), so a card is matched on what the later events do carry: session, tool name and tool input,
 * compared as canonical JSON.
 */
import type { PermissionRequest, RacerKind, SessionEvent } from '../../common/protocol';
import { terminalAnswer } from '../../common/transcript-verdict';
import type { TranscriptVerdict } from '../../common/transcript-verdict';
import { canonicalJson } from '../../common/canonical-json';

export interface Retirement {
  readonly id: string;
  readonly racer: Extract<RacerKind, 'agent' | 'session'>;
  readonly answer: { readonly behavior: 'passthrough' | 'deny'; readonly message?: string };
}

export const ANSWERED_IN_TERMINAL = 'answered in the terminal';
export const SESSION_MOVED_ON = 'session moved on';
/** A one-shot hook's process went away undecided: the agent stopped waiting (race-registry.ts, `detach`). */
export const TURN_INTERRUPTED = 'turn interrupted';

type Pending = Pick<PermissionRequest, 'id' | 'sessionId' | 'tool' | 'input'>;

/**
 * `pending` in arrival order. A tool that ran or failed answers one request: the oldest identical one, since
 * two identical calls pending at once are two prompts and the second is still up. A new prompt, a stop or
 * the session's end leaves nothing of the session waiting.
 */
export function retirementsFor(event: Omit<SessionEvent, 'type'>, pending: Iterable<Pending>): Retirement[] {
  // A start (or a resume) answers nothing, nor does a directory added: a card of an earlier run left with its hook's connection.
  if (event.event === 'session.started' || event.event === 'directory.added') return [];
  const ofSession = [...pending].filter((request) => request.sessionId === event.sessionId);
  if (event.event === 'tool.finished' || event.event === 'tool.failed') {
    if (event.tool === undefined || event.input === undefined) return [];
    const input = canonicalJson(event.input);
    const match = ofSession.find(
      (request) => request.tool === event.tool && canonicalJson(request.input) === input,
    );
    return match
      ? [{ id: match.id, racer: 'agent', answer: { behavior: 'passthrough', message: ANSWERED_IN_TERMINAL } }]
      : [];
  }
  return ofSession.map((request) => ({
    id: request.id,
    racer: 'session',
    answer: { behavior: 'passthrough', message: SESSION_MOVED_ON },
  }));
}

/**
 * A card its session moved past, retired as what the agent's transcript says happened to the call, since
 * the turn's Stop can reach the console before the hook's withdrawal does: the person's No with their words
 * (the very answer the hook would have sent), the terminal's answer when it ran or another deny refused it,
 * and the session moving on only when the transcript tells nothing.
 */
export function settledRetirement(
  retirement: Retirement,
  verdict: TranscriptVerdict | undefined,
): Retirement {
  if (retirement.racer !== 'session' || !verdict) return retirement;
  return {
    id: retirement.id,
    racer: 'agent',
    answer: terminalAnswer(verdict) ?? { behavior: 'passthrough', message: ANSWERED_IN_TERMINAL },
  };
}
