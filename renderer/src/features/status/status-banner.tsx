import { useI18n } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { usePhone } from '../../store/use-phone';
import { usePhoneDown } from '../../ui/phone-down';
import { useRefusalText } from '../../ui/refusal-text';
import { warningText } from './warning-text';

/**
 * The console's own warnings (a broken settings file, a token kept without a keychain), each dismissible,
 * and the phone channel while it cannot reach Telegram, on every view.
 */
export function StatusBanner() {
  const i18n = useI18n();
  const { t } = i18n;
  const refused = useRefusalText();
  const status = useQueue((s) => s.status);
  const dismissed = useQueue((s) => s.dismissedWarnings);
  const dismissWarning = useQueue((s) => s.dismissWarning);
  const error = useQueue((s) => s.error);
  const dismissError = useQueue((s) => s.dismissError);
  const phoneDown = usePhoneDown(usePhone().state)?.text;
  // A console warning is dismissed by main's own sentence, so it stays dismissed when the language changes.
  const warnings = [
    ...(status?.warnings ?? []).map((warning) => ({
      key: warning.fallback,
      text: warningText(warning, i18n),
    })),
    ...(phoneDown ? [{ key: phoneDown, text: phoneDown }] : []),
  ].filter((warning) => !dismissed.includes(warning.key));
  if (warnings.length === 0 && !error) return null;
  return (
    <div className="banners" aria-label={t('status.warnings')} role="region">
      {error && (
        <div className="banner banner--error" role="alert">
          <p className="banner__text">{t('app.error', { message: refused(error) })}</p>
          <button type="button" className="button button--quiet button--small" onClick={dismissError}>
            {t('app.dismiss')}
          </button>
        </div>
      )}
      {warnings.map((warning) => (
        <div key={warning.key} className="banner">
          <p className="banner__text">{warning.text}</p>
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => dismissWarning(warning.key)}
          >
            {t('app.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
}
