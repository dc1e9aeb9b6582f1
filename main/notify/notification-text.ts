/**
 * What a notification says. A title never carries the tool's input (titles show on lock screens and in
 * notification lists); the body carries a one-line summary of it, and says what pressing Approve means.
 */
import { agentLabel } from '../../common/agent-label';
import { endsSoon, formatRemaining, handBack, handBackText, handsBackSoon } from '../../common/hand-back';
import { isClassifierRefusal } from '../../common/classifier-refusal';
import type { PendingRequestView } from '../../common/queue-contract';
import { oneLine, summarizeRequest } from '../../common/request-summary';
import { shortSessionId } from '../../common/session-label';
import type { Line, RequestAction } from '../../common/request-summary';
import { dangerWords } from './danger-words';
import type { NotificationButton } from './notification-backend';
import { refusalReason, refusedBy, retryMeaning, SHORT_REFUSAL_ACTIONS } from './refusal-words';

/** Characters of the tool's input a body shows; past this the request is only approved in the console. */
export const DETAIL_LIMIT = 100;
const NAME_LIMIT = 40;

export interface Notice {
  readonly title: string;
  readonly body: string;
  readonly buttons: readonly NotificationButton[];
  /** The buttons' words when they are not Approve and Deny. */
  readonly labels?: Readonly<Record<NotificationButton, string>>;
}

export interface Subject {
  /** What the request wants, as a verb phrase: "run a command". */
  readonly verb: string;
  readonly detail: Line;
}

const VERBS: Readonly<Record<Exclude<RequestAction, 'use'>, string>> = {
  run: 'run a command',
  edit: 'change a file',
  read: 'read a file',
  search: 'search files',
  fetch: 'fetch a web page',
  webSearch: 'search the web',
};

/**
 * What the request wants, in words, and the one field that decides what Approve would let it do. The
 * detail is complete only when it shows all of that, which is when a one-tap Approve is allowed.
 */
export function describeRequest(view: PendingRequestView): Subject {
  const { action, line } = summarizeRequest(view.tool, view.input, DETAIL_LIMIT, view.provenance);
  if (action === 'use') return { verb: `use ${oneLine(view.tool, NAME_LIMIT).text}`, detail: line };
  // The path alone is not the change: the edit itself is only shown in the console.
  const complete = action !== 'edit' && line.complete;
  return { verb: VERBS[action], detail: { text: line.text, complete } };
}

export function folderName(cwd: string): string {
  const parts = cwd.split(/[/\\]+/).filter(Boolean);
  return oneLine(parts.at(-1) ?? cwd, NAME_LIMIT).text;
}

function because(view: PendingRequestView): string {
  const words = dangerWords(view);
  return words === undefined ? '' : ` (${words})`;
}

/** The words a refusal card's notification offers: the card's, in a notification's narrow buttons. */
const REFUSAL_LABELS = { approve: SHORT_REFUSAL_ACTIONS.allow, deny: SHORT_REFUSAL_ACTIONS.deny } as const;

/**
 * One request's notification: Approve and Deny only when safe and when the body shows all of it. Which
 * session asked, and, when it goes back to its agent within the minute, how long that leaves at `now`.
 */
export function requestNotice(view: PendingRequestView, needsSecondLook: boolean, now: number): Notice {
  if (isClassifierRefusal(view)) return refusalNotice(view, needsSecondLook, now);
  const { verb, detail } = describeRequest(view);
  const agent = oneLine(agentLabel(view.agent.name), NAME_LIMIT).text;
  const session = oneLine(shortSessionId(view.sessionId), NAME_LIMIT).text;
  const soon = handsBackSoon(view, now)
    ? ` · goes back to ${agent} in ${formatRemaining(view.deadline! - now)}`
    : '';
  const where = `in ${folderName(view.cwd)}, session ${session}${soon}`;
  const answerable = !needsSecondLook && detail.complete;
  const hint = answerable
    ? 'Approve answers this request only'
    : needsSecondLook
      ? `needs a second look${because(view)}: open Gatehouse to review it`
      : 'open Gatehouse to see all of it';
  return {
    title: `${agent} asks to ${verb}`,
    body: `${detail.text}\n${where} · ${hint}`,
    buttons: answerable ? ['approve', 'deny'] : [],
  };
}

/**
 * A call the agent's classifier refused: the title says so, the body adds its reason and what Allow does,
 * and the buttons are the card's two answers. Offered on the same terms as Approve and Deny, and not when
 * the reason hides characters.
 */
function refusalNotice(view: PendingRequestView, needsSecondLook: boolean, now: number): Notice {
  const { verb, detail } = describeRequest(view);
  const agent = oneLine(agentLabel(view.agent.name), NAME_LIMIT).text;
  const session = oneLine(shortSessionId(view.sessionId), NAME_LIMIT).text;
  const reason = refusalReason(view, DETAIL_LIMIT);
  // The refusal stands when the card's time runs out: nothing goes back to a prompt of the agent's.
  const soon = endsSoon(view, now) ? ` · the refusal stands in ${formatRemaining(view.deadline! - now)}` : '';
  const answerable = !needsSecondLook && detail.complete && !reason?.hidden;
  const hint = answerable
    ? retryMeaning(REFUSAL_LABELS.approve, agent)
    : needsSecondLook
      ? `needs a second look${because(view)}: open Gatehouse to review it`
      : 'open Gatehouse to see all of it';
  return {
    title: `${refusedBy(agent)} a call to ${verb}`,
    body: `${detail.text}\n${reason ? `The classifier’s reason: ${reason.text}\n` : ''}in ${folderName(view.cwd)}, session ${session}${soon} · ${hint}`,
    buttons: answerable ? ['approve', 'deny'] : [],
    labels: REFUSAL_LABELS,
  };
}

/** Several requests at once: one notification that counts them and only opens the console. */
export function summaryNotice(views: readonly PendingRequestView[], now: number): Notice {
  const perAgent = new Map<string, number>();
  for (const view of views) {
    const name = oneLine(agentLabel(view.agent.name), NAME_LIMIT).text;
    perAgent.set(name, (perAgent.get(name) ?? 0) + 1);
  }
  const from = [...perAgent].map(([name, count]) => `${name} (${count})`).join(', ');
  const count = views.length;
  const soon = handBack(views, now);
  return {
    title: `${count} ${count === 1 ? 'request' : 'requests'} waiting`,
    body: `from ${oneLine(from, DETAIL_LIMIT).text}\n${soon ? `${handBackText(soon)} · ` : ''}Open Gatehouse to review ${count === 1 ? 'it' : 'them'}`,
    buttons: [],
  };
}
