import { useMemo } from 'react';
import { useI18n } from '../i18n/i18n-context';

/** Dates and times in the console's language: a day with its time, or the time alone. */
export function useDateFormat() {
  const { locale } = useI18n();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const shortTime = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    return {
      dateTime: (at: number) => dateTime.format(at),
      time: (at: number) => time.format(at),
      /** A start and an end, the end's day left out when it is the start's. */
      range(start: number, end: number) {
        const sameDay = day.format(start) === day.format(end);
        return `${dateTime.format(start)} – ${sameDay ? shortTime.format(end) : dateTime.format(end)}`;
      },
    };
  }, [locale]);
}
