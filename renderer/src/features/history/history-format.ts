/** The history browser's pure wording helpers: who decided, how long it took, what a request touched. */
import { isAcpRequest } from '../../../../common/acp-call';
import { agentDeadlineOf, INTERRUPTED_CHANNEL, SESSION_IDLE_MS } from '../../../../common/history-contract';
import type {
  HistoryEntryView,
  SessionEndView,
  SessionSummaryView,
} from '../../../../common/history-contract';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';

export type SessionState =
  | { readonly kind: 'running' }
  | { readonly kind: 'ended'; readonly by: SessionEndView | 'idle'; readonly at: number };

/**
 * Whether a session still runs: ended as recorded (the agent's word, or its connection's close), else ended
 * by idleness once nothing came from it for `SESSION_IDLE_MS`, counted from the last thing that did.
 */
export function sessionState(session: SessionSummaryView, now: number): SessionState {
  if (session.endedAt !== undefined)
    return { kind: 'ended', by: session.endedBy ?? 'agent', at: session.endedAt };
  if (now - session.lastSeen >= SESSION_IDLE_MS) return { kind: 'ended', by: 'idle', at: session.lastSeen };
  return { kind: 'running' };
}

/**
 * The racer that won, in words: a person's channel makes "the console" into "the window" or "the web
 * console", and a timeout that was the agent's own deadline says so, with how long the agent waited.
 */
export function decidedBy(
  entry: HistoryEntryView,
): { key: MessageKey; params?: Record<string, string> } | undefined {
  const key = decidedByKey(entry);
  if (!key) return undefined;
  if (interrupted(entry)) return { key: 'history.by.interrupted' };
  const waited = agentDeadlineOf(entry.decision?.channel);
  if (entry.decision?.decision.by !== 'timeout' || waited === undefined) return { key };
  return waited === null
    ? { key: 'history.by.deadline' }
    : { key: 'history.by.deadlineAfter', params: { time: formatLatency(waited) } };
}

function decidedByKey(entry: HistoryEntryView): MessageKey | undefined {
  const decision = entry.decision;
  if (!decision) return undefined;
  const by = decision.decision.by;
  if (by === 'console') {
    if (decision.channel === 'window') return 'history.by.console.window';
    if (decision.channel === 'web') return 'history.by.console.web';
    return 'history.by.console';
  }
  // An ACP agent's own dialog is its editor.
  if (by === 'agent' && isAcpRequest(entry.request)) return 'history.by.editor';
  return `history.by.${by}`;
}

/**
 * What became of the one-shot grant an overturned classifier refusal left, and when: used (by Claude Code's
 * PreToolUse hook or by the retried call's question), expired unused once its time passed, or still
 * waiting. Undefined when the entry left no grant.
 */
export function retrySaid(entry: HistoryEntryView, now: number): { key: MessageKey; at: number } | undefined {
  const retry = entry.decision?.retry;
  if (!retry) return undefined;
  if (retry.usedAt !== undefined)
    return {
      key: retry.usedBy === 'question' ? 'history.retry.question' : 'history.retry.hook',
      at: retry.usedAt,
    };
  return { key: retry.until <= now ? 'history.retry.expired' : 'history.retry.waiting', at: retry.until };
}

/** Where the agent's own dialog is: the editor for an ACP agent, else its terminal. */
const dialogOf = (entry: HistoryEntryView) =>
  isAcpRequest(entry.request) ? 'dialog.in.editor' : 'dialog.in.terminal';

/**
 * What became of a request whose agent said more than a behavior, in words, or undefined: the wait its
 * agent ended unanswered (its turn cancelled, it exited), or the option chosen, by its kind. With `who`, a
 * row's sentence (the option chosen in the agent's own dialog says where); without, the card's Decision.
 */
export function agentSaid(entry: HistoryEntryView, t: Translate, who?: string): string | undefined {
  const decision = entry.decision;
  if (!decision) return undefined;
  if (decision.ended) return t(`history.ended.${decision.ended}`, { where: t(dialogOf(entry)) });
  if (!decision.option) return undefined;
  const choice = t(`option.${decision.option.kind}`);
  if (who === undefined) return choice;
  return decision.decision.by === 'agent'
    ? t('history.row.chose', { choice, where: t(dialogOf(entry)) })
    : t('history.row.decided', { outcome: choice, who });
}

/** A channel the other wording does not already say ("window", "web", "telegram" and grants are said in words). */
export function otherChannel(entry: HistoryEntryView): string | undefined {
  const channel = entry.decision?.channel;
  if (
    channel === undefined ||
    channel.startsWith('grant:') ||
    agentDeadlineOf(channel) !== undefined ||
    interrupted(entry)
  )
    return undefined;
  const by = entry.decision?.decision.by;
  const said =
    (by === 'console' && (channel === 'window' || channel === 'web')) ||
    (by === 'phone' && channel === 'telegram');
  return said ? undefined : channel;
}

/** The rule that answered: a grant names its rule in its channel, `grant:<rule>`. */
export function decidingRule(entry: HistoryEntryView): string | undefined {
  const channel = entry.decision?.channel;
  return channel?.startsWith('grant:') ? channel.slice('grant:'.length) : undefined;
}

export type Outcome = 'allow' | 'deny' | 'passthrough' | 'pending';

export const outcomeOf = (entry: HistoryEntryView): Outcome => entry.decision?.decision.behavior ?? 'pending';

/** The agent stopped the request's hook before anyone answered: its turn was interrupted, no dialog asked. */
export const interrupted = (entry: HistoryEntryView): boolean =>
  entry.decision?.decision.by === 'agent' && entry.decision.channel === INTERRUPTED_CHANNEL;

/**
 * The outcome in words, without who decided: an undecided request its console handed back says so, and so
 * does one whose turn the agent interrupted, which no dialog was left to answer.
 */
export const outcomeKey = (entry: HistoryEntryView): MessageKey =>
  entry.handedBack
    ? `history.outcome.handedBack.${entry.handedBack.because}`
    : interrupted(entry)
      ? 'history.outcome.interrupted'
      : `history.outcome.${outcomeOf(entry)}`;

/**
 * The colour a row and its card's decision are drawn in: what happened, so an answer the agent did not take
 * never keeps the green or red of the answer given here.
 */
export const toneOf = (entry: HistoryEntryView): Outcome | 'not-taken' =>
  entry.decision?.notTaken ? 'not-taken' : outcomeOf(entry);

/** A latency as one short figure: `850 ms`, `2.4 s`, `3 min 5 s`, `2 h 10 min`. */
export function formatLatency(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(ms / 1_000);
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3_600)} h ${Math.floor((seconds % 3_600) / 60)} min`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `gatehouse-history-20260601-142501.csv`, in local time, sortable and free of characters files refuse. */
export function exportFileName(format: 'jsonl' | 'csv', at: Date): string {
  const day = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `gatehouse-history-${day}-${time}.${format}`;
}

/** The first millisecond of a `YYYY-MM-DD` day in local time, or undefined for a blank or broken value. */
export function dayStart(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? undefined : date.getTime();
}

/** The last millisecond of that day. */
export function dayEnd(value: string): number | undefined {
  const start = dayStart(value);
  if (start === undefined) return undefined;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.getTime() - 1;
}

/** A whole number of days within bounds, from what a person typed, or undefined. */
export function parseDays(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text.trim())) return undefined;
  const days = Number(text.trim());
  return days >= min && days <= max ? days : undefined;
}
