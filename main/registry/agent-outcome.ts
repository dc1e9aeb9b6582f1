/**
 * Whether Claude Code took the console's answer. In its main session the terminal dialog and the hook race
 * through one claim of Claude Code's own, and a hook answer that comes after the person answered in the
 * terminal is dropped without a word (docs/claude-code.md, 2.1.328 (pinned)). So a console Allow can win
 * Gatehouse's race after the person already chose "No, and tell Claude…" (the hook, which withdraws its card
 * when it sees that No, had not seen it yet), or a console Deny after they chose Yes while the tool still
 * ran. Only the transcript tells: after each answer the console gave, it is watched until the call's result
 * shows, and an answer the agent did not take is amended in history. An agent that learns it itself (an
 * OpenCode reply refused because its own prompt replied first) says so, and is amended the same way.
 */
import type { NotTakenView } from '../../common/history-contract';
import type { AgentInfo, PermissionDecision, PermissionRequest } from '../../common/protocol';
import { createSignal } from '../../common/signal';
import type { Signal } from '../../common/signal';
import { guarded } from '../../common/guarded';
import type { TranscriptVerdict } from '../../common/transcript-verdict';
import { watchTranscript } from '../../files/transcript-watch';
import type { DecisionStore } from '../history/decision-store';
import type { RaceRegistry } from './race-registry';

/** A terminal Yes can be followed by a long tool run; a Bash call may run ten minutes by default. */
export const OUTCOME_WATCH_MS = 15 * 60_000;
/** Calls watched at once; past it an answer goes unwatched rather than the console's files and timers growing. */
export const OUTCOME_WATCHES_MAX = 64;
/** fs.watch wakes the watch; the poll is only for file systems that send no events. */
const OUTCOME_POLL_MS = 1_000;

/** What the agent did instead of `decision`, by the transcript's verdict on the call; undefined: it took it. */
export function notTakenBecause(
  decision: Pick<PermissionDecision, 'behavior'>,
  verdict: TranscriptVerdict,
): NotTakenView | undefined {
  if (verdict.kind === 'rejected')
    return { because: 'terminal-no', ...(verdict.feedback ? { message: verdict.feedback } : {}) };
  if (verdict.kind === 'ran' && decision.behavior === 'deny') return { because: 'terminal-yes' };
  return undefined;
}

/**
 * Only Claude Code's transcript is read. The path comes from the agent: only a JSONL transcript, as the
 * Codex rollout reader reads only one.
 */
function readable(request: PermissionRequest, agent: AgentInfo): boolean {
  return agent.name === 'claude-code' && request.transcriptPath?.endsWith('.jsonl') === true;
}

/** Only an answer Gatehouse gave Claude Code can be dropped by it; the agent's own is what it did. */
function watched(request: PermissionRequest, agent: AgentInfo, decision: PermissionDecision): boolean {
  return (
    readable(request, agent) &&
    decision.by !== 'agent' &&
    (decision.behavior === 'allow' || decision.behavior === 'deny')
  );
}

/**
 * The transcript's verdict on a call whose session moved on (RaceRegistry's `sessionOutcome`), from what
 * was written since the card arrived, as for a watch: followed until it shows or `signal` aborts, since
 * Claude Code can write the call's result after the turn's Stop hook has run. Undefined when the agent
 * keeps no transcript the console reads. Never rejects.
 */
export function sessionOutcome(
  request: PermissionRequest,
  agent: AgentInfo,
  receivedAt: number,
  signal: AbortSignal,
): Promise<TranscriptVerdict | undefined> | undefined {
  if (!readable(request, agent)) return undefined;
  return watchTranscript(
    { path: request.transcriptPath!, tool: request.tool, input: request.input, since: receivedAt },
    signal,
  );
}

export interface AgentOutcomes {
  /** A recorded answer was amended as not taken. */
  readonly amended: Pick<Signal<{ id: string; notTaken: NotTakenView }>, 'subscribe'>;
  close(): void;
}

export function watchAgentOutcomes(options: {
  readonly sent: Pick<RaceRegistry['sent'], 'subscribe'>;
  /** What agents say themselves of an answer they did not take (RaceRegistry's `notTaken`). */
  readonly reported?: Pick<RaceRegistry['notTaken'], 'subscribe'>;
  readonly store: Pick<DecisionStore, 'recordNotTaken'>;
  readonly watchMs?: number;
  readonly pollMs?: number;
}): AgentOutcomes {
  const amended = createSignal<{ id: string; notTaken: NotTakenView }>();
  const watches = new Set<AbortController>();
  const amend = (id: string, notTaken: NotTakenView) =>
    guarded(`amending request ${id}`, () => {
      options.store.recordNotTaken?.(id, notTaken);
      amended.emit({ id, notTaken });
    });
  const stopHearing = options.reported?.subscribe(({ id, notTaken }) => amend(id, notTaken));
  const stop = options.sent.subscribe(({ request, agent, decision, receivedAt }) => {
    if (!watched(request, agent, decision) || watches.size >= OUTCOME_WATCHES_MAX) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.watchMs ?? OUTCOME_WATCH_MS);
    watches.add(controller);
    void watchTranscript(
      // The terminal's answer that beat the console's came after the card arrived: the dialog and the hook
      // start together, and an answer before the request reached the console is the hook's to report.
      { path: request.transcriptPath!, tool: request.tool, input: request.input, since: receivedAt },
      controller.signal,
      options.pollMs ?? OUTCOME_POLL_MS,
    ).then((verdict) => {
      clearTimeout(timer);
      watches.delete(controller);
      const notTaken = verdict && notTakenBecause(decision, verdict);
      if (!notTaken || controller.signal.aborted) return;
      amend(request.id, notTaken);
    });
  });
  return {
    amended,
    close() {
      stop();
      stopHearing?.();
      for (const controller of watches) controller.abort();
      watches.clear();
    },
  };
}
