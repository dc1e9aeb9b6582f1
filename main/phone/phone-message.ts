/**
 * What the phone shows for a request, as pure functions of the request. The text says who asks, where,
 * with which tool and what exactly: in the message when it fits, else in a file sent just before it, so the
 * person can read all of what Approve allows either way. The buttons carry only opaque secrets, never the
 * request's id. A call the agent's classifier refused says so, with its reason, and its buttons are the
 * card's two answers in the few words an inline button holds.
 */
import { acpCallOf } from '../../common/acp-call';
import { agentLabel } from '../../common/agent-label';
import { isClassifierRefusal } from '../../common/classifier-refusal';
import type { NotTakenView } from '../../common/history-contract';
import type { PendingRequestView } from '../../common/queue-contract';
import type { RacerKind } from '../../common/protocol';
import { oneLine } from '../../common/request-summary';
import { familyOf } from '../../engine';
import { DANGER_WORDS_LIMIT, dangerWords } from '../notify/danger-words';
import { refusalReason, refusedBy, retryMeaning, SHORT_REFUSAL_ACTIONS } from '../notify/refusal-words';
import { TURN_INTERRUPTED } from '../registry/retire';
import type { ChannelAttachment, ChannelButton, ChannelMessage } from './message-channel';
import type { ProgramNames } from './program-names';

/** With `summaryOnly`, the most program names a command's line lists; the rest are counted. */
const PROGRAMS_LISTED = 6;
/** How much of a detail sent as a file the message itself shows, so it reads as a preview, not a wall. */
const PREVIEW_LIMIT = 600;
/** The most an outcome's message adds to the phone's text when the request is decided. */
const OUTCOME_MESSAGE_LIMIT = 200;
/** The most of a refusal's reason the message shows, as of the "Why it asked" line. */
const REASON_LIMIT = 300;

export type PhoneAction = 'allow' | 'confirm' | 'deny' | 'back';
export type Stage = 'ask' | 'confirm';

export interface PhoneContent {
  readonly message: Omit<ChannelMessage, 'rows' | 'attachment'>;
  /** The whole detail as a file, when the message cannot hold it. */
  readonly attachment?: ChannelAttachment;
  /** The message and its file show all of what Approve would allow. */
  readonly complete: boolean;
}

/**
 * Only the tool and one line: for people who do not want commands and paths to pass through the service.
 * The line names a command's programs and nothing else; the agent's own description of the call is left
 * out too, since the agent writes it freely and it often quotes the hosts, paths and values it will use.
 */
export interface PhonePrivacy {
  readonly summaryOnly: boolean;
}

const PATH_FIELDS = ['file_path', 'path', 'notebook_path', 'url'] as const;

/** The part of a request's input a person must read to approve it, and the name it has as a file. */
function detailOf(view: PendingRequestView): { readonly text: string; readonly file: string } {
  if (view.tool === 'Bash' && typeof view.input.command === 'string')
    return { text: view.input.command, file: 'command.txt' };
  const single = PATH_FIELDS.find((field) => typeof view.input[field] === 'string');
  if (single && Object.keys(view.input).length === 1)
    return { text: view.input[single] as string, file: `${single === 'url' ? 'url' : 'path'}.txt` };
  return { text: JSON.stringify(view.input, null, 2), file: 'input.json' };
}

/** The question before a second-look Approve, naming why when the engine found dangers to name. */
export function confirmNote(view: PendingRequestView): string {
  return confirmSentence(
    dangerWords(view) ?? 'it can delete, overwrite or reach a protected path',
    isClassifierRefusal(view),
  );
}

function confirmSentence(why: string, refusal: boolean): string {
  return `\n\nThis one needs a second look (${why}). ${refusal ? 'Let it retry anyway?' : 'Approve it anyway?'}`;
}

/** The longest `confirmNote` can be. */
export const CONFIRM_NOTE_LIMIT = Math.max(
  ...[false, true].map((refusal) => confirmSentence('x'.repeat(DANGER_WORDS_LIMIT), refusal).length),
);

/** Said under the outcome when Claude Code dropped the answer because its own dialog was answered first. */
const NOT_TAKEN: Record<NotTakenView['because'], string> = {
  'terminal-no': '\n— The agent did not take it: the terminal’s No came first.',
  'terminal-yes': '\n— The agent did not take it: the terminal’s Yes came first, and the call ran.',
};

/**
 * What an edit may add to a request's text: the second-look question, or who answered and their message,
 * and then that the agent did not take the answer.
 */
const EDIT_RESERVE = Math.max(
  CONFIRM_NOTE_LIMIT,
  80 + OUTCOME_MESSAGE_LIMIT + Math.max(...Object.values(NOT_TAKEN).map((line) => line.length)),
);

/** Control and invisible formatting characters (bidi overrides, zero-width marks) can make text lie. */
const HIDDEN = /\p{Cf}|(?![\n\t])\p{Cc}/u;

/**
 * `textLimit` is the channel's cap on one message (Telegram: 4,096 characters). Room is kept for what an
 * edit adds later (the second-look question, who answered), so no edit can outgrow the cap.
 */
export function requestContent(
  view: PendingRequestView,
  privacy: PhonePrivacy,
  textLimit: number,
  programNames: ProgramNames,
): PhoneContent {
  if (privacy.summaryOnly) return summaryContent(view, programNames);
  const refusal = isClassifierRefusal(view);
  const header = headerOf(view, view.tool);
  const reason = refusal ? refusalReason(view, REASON_LIMIT) : undefined;
  const why = refusal
    ? `${reason ? `\n\nThe classifier’s reason: ${reason.text}` : ''}\n\n${retryMeaning(SHORT_REFUSAL_ACTIONS.allow, agentLabel(view.agent.name))}; ${SHORT_REFUSAL_ACTIONS.deny} lets the refusal stand.`
    : view.explanation
      ? `\n\nWhy it asked: ${oneLine(view.explanation.reason.message, REASON_LIMIT).text}`
      : '';
  const detail = detailOf(view);
  const hidden = HIDDEN.test(detail.text);
  const hiddenNote = hidden
    ? `\n\n(It holds hidden characters that can make it read differently from what runs: ${refusal ? 'allow it' : 'approve it'} in the console.)`
    : reason?.hidden
      ? '\n\n(The reason held hidden characters, left out here: they can make it read differently. Allow it in the console.)'
      : '';
  const room = textLimit - EDIT_RESERVE;
  if (header.length + detail.text.length + why.length + hiddenNote.length <= room) {
    const text = `${header}${detail.text}${why}${hiddenNote}`;
    return {
      message: { text, verbatim: [{ offset: header.length, length: detail.text.length }] },
      complete: !hidden && !reason?.hidden,
    };
  }
  const fileNote = `\n\n(Shortened here: all ${detail.text.length.toLocaleString('en')} characters are in the file ${detail.file} just above this message. Open it and read it all before you approve.)`;
  const shown = `${detail.text.slice(
    0,
    Math.max(
      0,
      Math.min(PREVIEW_LIMIT, room - header.length - why.length - fileNote.length - hiddenNote.length - 1),
    ),
  )}…`;
  const text = `${header}${shown}${why}${fileNote}${hiddenNote}`;
  return {
    message: { text, verbatim: [{ offset: header.length, length: shown.length }] },
    attachment: { name: detail.file, text: detail.text },
    complete: !hidden && !reason?.hidden,
  };
}

/** Who asks and where; a refusal says instead that the agent's classifier refused the call. */
function headerOf(view: PendingRequestView, tool: string): string {
  const agent = agentLabel(view.agent.name);
  return isClassifierRefusal(view)
    ? `${refusedBy(agent)} a call to ${tool}, which did not run\nin ${view.cwd}\n\n`
    : `${agent} asks to use ${tool}\nin ${view.cwd}\n\n`;
}

const SUMMARY_NOTE =
  'Only a summary comes to the phone: open the console to read the request, and approve it there.';

/**
 * Who asks, where, with which tool, and of a command the names of its programs: never a command's text, a
 * path or an argument. Never complete, so the phone offers Deny only: what Approve would allow is not here.
 */
function summaryContent(view: PendingRequestView, programNames: ProgramNames): PhoneContent {
  const acp = acpCallOf(view);
  // An ACP call's tool is the title its agent wrote, which often quotes the command: its kind says enough.
  const tool = acp ? (acp.kind ?? 'a tool') : view.tool;
  const header = headerOf(view, oneLine(tool, 100).text);
  const command =
    acp?.command ??
    (!acp && familyOf(view.tool) === 'bash' && typeof view.input.command === 'string'
      ? view.input.command
      : undefined);
  if (command === undefined) return { message: { text: header + SUMMARY_NOTE }, complete: false };
  const programs = programNames(command) ?? [];
  const distinct = [...new Set(programs.filter((name) => name !== undefined))];
  const named = distinct.slice(0, PROGRAMS_LISTED);
  const others = distinct.length - named.length + programs.filter((name) => name === undefined).length;
  if (named.length === 0)
    return { message: { text: `${header}Runs a command.\n\n${SUMMARY_NOTE}` }, complete: false };
  const list = named.join(', ');
  const lead = `${header}Runs `;
  const text = `${lead}${list}${others > 0 ? ` and ${others} more` : ''}.\n\n${SUMMARY_NOTE}`;
  // Verbatim, so a program called like a domain (`deploy.sh`) is not made a link.
  return { message: { text, verbatim: [{ offset: lead.length, length: list.length }] }, complete: false };
}

/**
 * The buttons for a stage. `secretFor` names each action with a fresh secret. Approve is one tap only for
 * a complete request that needs no second look; a second-look request (dangerous, or a protected path)
 * asks again on the message itself; an incomplete one (shortened by the summary-only setting, or holding
 * hidden characters) offers Deny only. A refusal's are worded as its card's answers.
 */
export function buttonsFor(
  stage: Stage,
  options: { readonly complete: boolean; readonly secondLook: boolean; readonly refusal?: boolean },
  secretFor: (action: PhoneAction) => string,
): ChannelButton[][] {
  const words = options.refusal
    ? { allow: SHORT_REFUSAL_ACTIONS.allow, deny: SHORT_REFUSAL_ACTIONS.deny, confirm: 'Yes, allow retry' }
    : { allow: 'Approve', deny: 'Deny', confirm: 'Yes, approve' };
  const deny = { label: words.deny, data: secretFor('deny') };
  if (!options.complete) return [[deny]];
  if (stage === 'confirm')
    return [
      [{ label: words.confirm, data: secretFor('confirm') }],
      [{ label: 'Back', data: secretFor('back') }],
    ];
  const approve = { label: options.secondLook ? `${words.allow}…` : words.allow, data: secretFor('allow') };
  return [[approve, deny]];
}

const WINNER: Record<RacerKind, string> = {
  console: 'in the console',
  notification: 'from a desktop notification',
  tray: 'from the tray',
  grant: 'by a grant you made',
  timeout: 'by the timeout',
  agent: 'in the agent’s terminal',
  disconnect: 'the agent went away',
  session: 'the session moved on',
  phone: 'on the phone',
  classifier: 'by Gatehouse’s classifier',
};

/** The line an answer the agent did not take adds under the outcome line. */
export function notTakenLine(notTaken: NotTakenView): string {
  return NOT_TAKEN[notTaken.because];
}

/**
 * The last word on a message, once its request is decided anywhere. A refusal has no prompt to go back to:
 * anything but an allow leaves it refused.
 */
export function outcomeLine(
  event: {
    readonly behavior: string;
    readonly by: RacerKind;
    readonly message?: string;
  },
  refusal = false,
): string {
  const verb = refusal
    ? event.behavior === 'allow'
      ? 'Allowed to retry'
      : 'Left refused'
    : event.behavior === 'allow'
      ? 'Approved'
      : event.behavior === 'deny'
        ? 'Denied'
        : 'Left to the agent’s own prompt';
  if (event.by === 'disconnect' || event.by === 'session')
    return `\n\n— No longer waiting: ${WINNER[event.by]}.`;
  // The agent stopped its hook: no prompt of its own was left to take the question either.
  if (event.by === 'agent' && event.message === TURN_INTERRUPTED)
    return '\n\n— No longer waiting: the agent interrupted the turn.';
  const message = event.message ? `: ${oneLine(event.message, OUTCOME_MESSAGE_LIMIT).text}` : '';
  return `\n\n— ${verb} ${WINNER[event.by]}${message}.`;
}
