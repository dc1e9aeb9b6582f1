/**
 * How the desktop notification, the tray and the phone word a refusal card (common/classifier-refusal.ts),
 * in the English those surfaces speak: as the console's card says it (the queue's `lead.refused`,
 * `action.allowRetry` and `action.leaveRefused`), so a person answering away from the console knows they
 * are overturning the agent's own classifier, and that Allow only lets it try this exact call once more.
 */
import type { PendingRequestView } from '../../common/queue-contract';
import { oneLine } from '../../common/request-summary';

/** The card's own words for its two answers, where there is room for them (the tray's menu). */
export const REFUSAL_ACTIONS = { allow: 'Allow and let it retry', deny: 'Leave it refused' } as const;

/** The same answers where a button is narrow: notification actions and Telegram's inline buttons. */
export const SHORT_REFUSAL_ACTIONS = { allow: 'Allow retry', deny: 'Leave refused' } as const;

/** "Claude Code’s classifier refused": who refused, never the call, so it may stand in a title. */
export function refusedBy(agent: string): string {
  return `${agent}’s classifier refused`;
}

/** What the allow button named `allow` does, in words a surface adds after the call. */
export function retryMeaning(allow: string, agent: string): string {
  return `${allow} lets ${agent} try this exact call once more`;
}

/**
 * The classifier's reason on one line, cut to `limit` characters, or undefined when it gave none. Hidden
 * characters are dropped and reported, as a call's own are, since they can make a reason read differently
 * from what it holds; a cut alone hides nothing the console does not show.
 */
export function refusalReason(
  view: Pick<PendingRequestView, 'provenance'>,
  limit: number,
): { readonly text: string; readonly hidden: boolean } | undefined {
  const reason = view.provenance?.message?.trim();
  if (!reason) return undefined;
  return {
    text: oneLine(reason, limit).text,
    hidden: !oneLine(reason, Number.MAX_SAFE_INTEGER).complete,
  };
}
