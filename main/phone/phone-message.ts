/**
 * What the phone shows for a request, as pure functions of the request. The text says who asks, where,
 * with which tool and what exactly (in full, or the request gets no Approve button here); the buttons
 * carry only opaque secrets, never the request's id.
 */
import type { PendingRequestView } from '../../common/queue-contract';
import type { RacerKind } from '../../common/protocol';
import { oneLine, summarizeRequest } from '../../common/request-summary';
import type { ChannelButton, ChannelMessage } from './message-channel';

/** With `summaryOnly`, the one line the phone gets of the input. */
const SUMMARY_LIMIT = 100;

export type PhoneAction = 'allow' | 'confirm' | 'deny' | 'back';
export type Stage = 'ask' | 'confirm';

export interface PhoneContent {
  readonly message: Omit<ChannelMessage, 'rows'>;
  /** The message shows all of what Approve would allow. */
  readonly complete: boolean;
}

/** Only the tool and one line: for people who do not want commands and paths to pass through the service. */
export interface PhonePrivacy {
  readonly summaryOnly: boolean;
}

const PATH_FIELDS = ['file_path', 'path', 'notebook_path', 'url'] as const;

/** The part of a request's input a person must read to approve it: the command, the path, or all of it. */
function detailOf(view: PendingRequestView): string {
  if (view.tool === 'Bash' && typeof view.input.command === 'string') return view.input.command;
  const single = PATH_FIELDS.find((field) => typeof view.input[field] === 'string');
  if (single && Object.keys(view.input).length === 1) return view.input[single] as string;
  return JSON.stringify(view.input, null, 2);
}

/** Control and invisible formatting characters (bidi overrides, zero-width marks) can make text lie. */
const HIDDEN = /\p{Cf}|(?![\n\t])\p{Cc}/u;

/** `textLimit` is the channel's cap on one message (Telegram: 4,096 characters). */
export function requestContent(
  view: PendingRequestView,
  privacy: PhonePrivacy,
  textLimit: number,
): PhoneContent {
  const header = `${view.agent.name} asks to use ${view.tool}\nin ${view.cwd}\n\n`;
  const why = view.explanation
    ? `\n\nWhy it asked: ${oneLine(view.explanation.reason.message, 300).text}`
    : '';
  const detail = detailOf(view);
  if (privacy.summaryOnly) {
    const { line } = summarizeRequest(view.tool, view.input, SUMMARY_LIMIT, view.provenance);
    const tail = line.complete ? '' : '\n\n(Shortened: open the console to read it all.)';
    const text = `${header}${line.text}${tail}`;
    return {
      message: { text, verbatim: [{ offset: header.length, length: line.text.length }] },
      complete: line.complete,
    };
  }
  const cut = `\n\n(${detail.length.toLocaleString('en')} characters: the rest is only in the console, so it cannot be approved here.)`;
  const fits = header.length + detail.length + why.length <= textLimit;
  const shown = fits
    ? detail
    : `${detail.slice(0, Math.max(0, textLimit - header.length - why.length - cut.length - 1))}…`;
  const complete = fits && !HIDDEN.test(detail);
  const notice = complete
    ? ''
    : !fits
      ? cut
      : '\n\n(It holds hidden characters that can make it read differently from what runs: approve it in the console.)';
  const text = `${header}${shown}${why}${notice}`;
  return { message: { text, verbatim: [{ offset: header.length, length: shown.length }] }, complete };
}

/**
 * The buttons for a stage. `secretFor` names each action with a fresh secret. Approve is one tap only for
 * a complete request that needs no second look; a second-look request asks again on the message itself;
 * an incomplete one offers Deny only.
 */
export function buttonsFor(
  stage: Stage,
  options: { readonly complete: boolean; readonly secondLook: boolean },
  secretFor: (action: PhoneAction) => string,
): ChannelButton[][] {
  const deny = { label: 'Deny', data: secretFor('deny') };
  if (!options.complete) return [[deny]];
  if (stage === 'confirm')
    return [
      [{ label: 'Yes, approve', data: secretFor('confirm') }],
      [{ label: 'Back', data: secretFor('back') }],
    ];
  const approve = options.secondLook
    ? { label: 'Approve…', data: secretFor('allow') }
    : { label: 'Approve', data: secretFor('allow') };
  return [[approve, deny]];
}

export const CONFIRM_NOTE =
  '\n\nThis one needs a second look (it can delete, overwrite or reach a protected path). Approve it anyway?';

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
};

/** The last word on a message, once its request is decided anywhere. */
export function outcomeLine(event: {
  readonly behavior: string;
  readonly by: RacerKind;
  readonly message?: string;
}): string {
  const verb = event.behavior === 'allow' ? 'Approved' : event.behavior === 'deny' ? 'Denied' : 'Handed back';
  if (event.by === 'disconnect' || event.by === 'session')
    return `\n\n— No longer waiting: ${WINNER[event.by]}.`;
  return `\n\n— ${verb} ${WINNER[event.by]}${event.message ? `: ${event.message}` : ''}.`;
}
