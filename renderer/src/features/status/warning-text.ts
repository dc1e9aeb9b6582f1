import {
  ConsoleWarningSchema,
  type ConsoleWarning,
  type SettingsProblem,
} from '../../../../common/console-contract';
import type { I18n } from '../../i18n/i18n-context';
import { engineText } from '../../ui/engine-words';

/**
 * A console warning in the person's language, by its code and what it names; main's English sentence only
 * for a warning whose code or fields this console does not know.
 */
export function warningText(warning: ConsoleWarning, { t, locale }: I18n): string {
  const parsed = ConsoleWarningSchema.safeParse(warning);
  if (!parsed.success) return warning.fallback;
  const known = parsed.data;
  switch (known.code) {
    case 'token-in-file':
      return t('warning.token-in-file', { path: known.path });
    case 'settings-unreadable':
      return t('warning.settings-unreadable', { path: known.path, detail: known.detail });
    case 'settings-not-json': {
      const problem = engineText(known.problem, locale);
      return problem === undefined
        ? known.fallback
        : t('warning.settings-not-json', { path: known.path, problem });
    }
    case 'settings-invalid':
      return t('warning.settings-invalid', {
        path: known.path,
        key: known.key ? `“${known.key}”` : t('warning.settings-invalid.top'),
        problem: settingsProblemText(known.problem, t),
      });
    case 'notify-send-missing':
      return t('warning.notify-send-missing', { package: known.package });
    case 'notify-send-old':
      return t('warning.notify-send-old', { version: known.version, package: known.package });
    case 'notifications-unavailable':
    case 'notifications-failed':
      return t(`warning.${known.code}`, { detail: known.detail });
    case 'notifications-unsupported':
      return t('warning.notifications-unsupported', { platform: known.platform });
    case 'history-purge-failed':
      return t('warning.history-purge-failed', { days: known.days, detail: known.detail });
    case 'port-moved':
      return t('warning.port-moved', { from: known.from, to: known.to });
    case 'export-failed':
      return t('warning.export-failed', { endpoint: known.endpoint, detail: known.detail });
    case 'phone-chat-not-saved':
      return t('warning.phone-chat-not-saved', { detail: known.detail });
    case 'phone-send-failed':
    case 'phone-update-failed':
    case 'phone-token-refused':
      return t(`warning.${known.code}`);
  }
}

/** What is wrong with a key of Gatehouse's settings.json, in the person's language. */
function settingsProblemText(problem: SettingsProblem, t: I18n['t']): string {
  switch (problem.kind) {
    case 'type':
      return t(`settings-problem.type.${problem.expected}`);
    case 'too-big':
    case 'too-small':
      return t(`settings-problem.${problem.kind}.${problem.of}`, { limit: String(problem.limit) });
    case 'choice':
      return t('settings-problem.choice', { options: problem.options.map((o) => `"${o}"`).join(', ') });
    case 'format':
      return t(`settings-problem.format.${problem.format}`);
    case 'invalid':
      return t('settings-problem.invalid');
  }
}
