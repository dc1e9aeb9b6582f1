/**
 * The tray as data: which icon, what the tooltip says, and the menu, from the console's state. No Electron
 * here; main/app/tray.ts turns this into a Tray and a Menu and routes the commands.
 *
 * Approve and Deny appear under a request only when a notification would offer them: no second look is
 * needed and the menu shows all of what Approve would allow. Each carries its request's id, so a click
 * answers the request it was drawn for, whatever the queue did since. A call the agent's classifier refused
 * says so, with its reason, and offers the card's "Allow and let it retry" and "Leave it refused" instead.
 *
 * What goes back to its agent within the minute comes first in the menu, and the tooltip says how long
 * the first of them has: the tooltip is redrawn each second, the menu only when the queue changes.
 */
import { agentLabel } from '../../common/agent-label';
import { isClassifierRefusal } from '../../common/classifier-refusal';
import { handBack, handBackText, handsBackSoon } from '../../common/hand-back';
import type { PendingRequestView } from '../../common/queue-contract';
import { oneLine } from '../../common/request-summary';
import { shortSessionIds } from '../../common/session-label';
import { describeRequest, folderName } from '../notify/notification-text';
import type { SecondLook } from '../notify/second-look';
import { REFUSAL_ACTIONS, refusalReason, refusedBy, retryMeaning } from '../notify/refusal-words';

export type TrayIcon = 'idle' | 'waiting' | 'paused';

export type TrayCommand =
  | { readonly kind: 'approve' | 'deny' | 'open-request'; readonly id: string }
  | {
      readonly kind:
        | 'open-console'
        | 'open-rules'
        | 'open-history'
        | 'toggle-do-not-disturb'
        | 'toggle-launch-at-login'
        | 'quit';
    };

export type MenuItemModel =
  | { readonly type: 'normal'; readonly label: string; readonly command?: TrayCommand }
  | {
      readonly type: 'checkbox';
      readonly label: string;
      readonly checked: boolean;
      readonly command: TrayCommand;
    }
  | { readonly type: 'submenu'; readonly label: string; readonly items: readonly MenuItemModel[] }
  | { readonly type: 'separator' };

export interface TrayState {
  readonly pending: readonly PendingRequestView[];
  /** Do not disturb: no notifications; requests still queue. */
  readonly paused: boolean;
  /** Undefined where Gatehouse cannot start itself at login; the item is then left out. */
  readonly launchAtLogin: boolean | undefined;
  readonly needsSecondLook: SecondLook;
  /** The time the model is drawn at: what goes back to its agent soon is counted against it. */
  readonly now: number;
}

export interface TrayModel {
  readonly icon: TrayIcon;
  readonly tooltip: string;
  /** Beside the icon in the macOS menu bar: the number waiting, or nothing. */
  readonly title: string;
  readonly menu: readonly MenuItemModel[];
}

/** How many waiting requests the menu lists, those going back soon first, then oldest first. */
export const MENU_REQUESTS = 5;
const LABEL_LIMIT = 60;

const waitingText = (count: number) =>
  count === 0 ? 'Nothing waiting' : `${count} ${count === 1 ? 'request' : 'requests'} waiting`;

export function trayModel(state: TrayState, limit = MENU_REQUESTS): TrayModel {
  const count = state.pending.length;
  // Paused wins over waiting: the count is in the tooltip and title, while the icon is the one reminder
  // that notifications are off.
  const icon: TrayIcon = state.paused ? 'paused' : count > 0 ? 'waiting' : 'idle';
  const soonFirst = (view: PendingRequestView) =>
    handsBackSoon(view, state.now) ? view.deadline! : Number.POSITIVE_INFINITY;
  const listed = [...state.pending]
    .sort((a, b) => soonFirst(a) - soonFirst(b) || a.receivedAt - b.receivedAt)
    .slice(0, limit);
  const rest = count - listed.length;
  const sessions = shortSessionIds(state.pending.map((view) => view.sessionId));
  const soon = handBack(state.pending, state.now);

  const menu: MenuItemModel[] = [
    { type: 'normal', label: waitingText(count) },
    ...listed.map((view) =>
      requestItem(view, sessions.get(view.sessionId) ?? view.sessionId, state.needsSecondLook),
    ),
    ...(rest > 0
      ? [
          {
            type: 'normal',
            label: `${rest} more in the console…`,
            command: { kind: 'open-console' },
          } as const,
        ]
      : []),
    { type: 'separator' },
    { type: 'normal', label: 'Open console', command: { kind: 'open-console' } },
    { type: 'normal', label: 'Rules', command: { kind: 'open-rules' } },
    { type: 'normal', label: 'History', command: { kind: 'open-history' } },
    { type: 'separator' },
    {
      type: 'checkbox',
      label: 'Do not disturb',
      checked: state.paused,
      command: { kind: 'toggle-do-not-disturb' },
    },
    ...(state.launchAtLogin === undefined
      ? []
      : [
          {
            type: 'checkbox',
            label: 'Launch at login',
            checked: state.launchAtLogin,
            command: { kind: 'toggle-launch-at-login' },
          } as const,
        ]),
    { type: 'separator' },
    { type: 'normal', label: 'Quit Gatehouse', command: { kind: 'quit' } },
  ];

  return {
    icon,
    tooltip: `Gatehouse — ${waitingText(count).toLowerCase()}${soon ? ` · ${handBackText(soon)}` : ''}${state.paused ? ' · Do not disturb' : ''}`,
    title: count > 0 ? String(count) : '',
    menu,
  };
}

function requestItem(view: PendingRequestView, session: string, needsSecondLook: SecondLook): MenuItemModel {
  const { verb, detail } = describeRequest(view);
  const agent = oneLine(agentLabel(view.agent.name), 30).text;
  const refusal = isClassifierRefusal(view);
  const reason = refusal ? refusalReason(view, LABEL_LIMIT) : undefined;
  const secondLook = needsSecondLook(view);
  const answerable = !secondLook && detail.complete && !reason?.hidden;
  const id = view.id;
  const where = `in ${folderName(view.cwd)}, session ${oneLine(session, 30).text}`;
  const answers = refusal
    ? { allow: REFUSAL_ACTIONS.allow, deny: REFUSAL_ACTIONS.deny }
    : { allow: 'Approve', deny: 'Deny' };
  return {
    type: 'submenu',
    label: oneLine(`${agent}${refusal ? ', refused' : ''}: ${detail.text}`, LABEL_LIMIT).text,
    items: [
      {
        type: 'normal',
        label: refusal
          ? `${refusedBy(agent)} a call to ${verb} ${where}`
          : `${agent} asks to ${verb} ${where}`,
      },
      { type: 'normal', label: detail.text },
      ...(reason ? [{ type: 'normal', label: `The classifier’s reason: ${reason.text}` } as const] : []),
      ...(refusal && answerable
        ? [{ type: 'normal', label: `${retryMeaning(answers.allow, agent)}.` } as const]
        : []),
      { type: 'separator' },
      ...(answerable
        ? ([
            { type: 'normal', label: answers.allow, command: { kind: 'approve', id } },
            { type: 'normal', label: answers.deny, command: { kind: 'deny', id } },
          ] as const)
        : [
            {
              type: 'normal',
              label: secondLook
                ? 'Needs a second look: open it to answer'
                : 'Open it to see all of it and answer',
            } as const,
          ]),
      { type: 'normal', label: 'Open in console', command: { kind: 'open-request', id } },
    ],
  };
}
