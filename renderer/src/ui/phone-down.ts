import { useMemo } from 'react';
import type { PhoneDownReason, PhoneState } from '../../../common/phone-contract';
import { useNow } from '../hooks/use-now';
import { useI18n } from '../i18n/i18n-context';
import type { Translate } from '../i18n/translate';

export interface PhoneDown {
  /** Since when the channel is down and whether it is trying again on its own. */
  readonly headline: string;
  /** Why, in the console's language. */
  readonly sentence?: string;
  /** Both, as one line (the banner). */
  readonly text: string;
}

/**
 * While the phone channel cannot reach Telegram: since when, whether it is trying again on its own, and
 * why. The Settings page and every view's banner say the same.
 */
export function usePhoneDown(state: PhoneState | undefined): PhoneDown | undefined {
  const { locale, t } = useI18n();
  // The day is named once the outage is older than today; a minute's precision is plenty for that.
  const now = useNow(60_000);
  return useMemo(() => {
    if (!state?.connected || state.up !== false) return undefined;
    const since = state.downSince ?? now;
    const sameDay = new Date(since).toDateString() === new Date(now).toDateString();
    const time = new Intl.DateTimeFormat(locale, {
      ...(sameDay ? {} : { dateStyle: 'medium' }),
      timeStyle: 'short',
    }).format(since);
    const headline = t(state.retrying === false ? 'phone.down.stopped' : 'phone.down.retrying', { time });
    const sentence = state.downReason ? reasonSentence(state.downReason, t) : undefined;
    return {
      headline,
      ...(sentence ? { sentence } : {}),
      text: sentence ? t('phone.down.banner', { headline, sentence }) : headline,
    };
  }, [state, locale, t, now]);
}

/** Main says why as a code; a code this console does not know is shown in main's English. */
function reasonSentence(reason: PhoneDownReason, t: Translate): string {
  switch (reason.code) {
    case 'network':
      return t('phone.down.network');
    case 'rate-limited':
      return reason.retryAfter === undefined
        ? t('phone.down.rateLimitedWhile')
        : t('phone.down.rateLimited', { count: reason.retryAfter });
    case 'token-refused':
      return t('phone.down.tokenRefused');
    case 'another-reader':
      return t('phone.down.anotherReader');
    default:
      return reason.fallback;
  }
}
