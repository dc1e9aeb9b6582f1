import { useId, useState } from 'react';
import { localeNames, locales } from '../i18n/translate';
import type { LocaleChoice } from '../i18n/translate';
import { useT } from '../i18n/i18n-context';
import { themes } from '../store/prefs-store';
import type { ThemeChoice } from '../store/prefs-store';
import { usePrefs, useQueue } from '../store/store-context';
import { useProposals } from '../store/use-proposals';
import type { ConnectionState } from '../transport/web-transport';
import { LINK_CODE_TTL_MS } from '../../../common/console-contract';
import { views } from '../../../common/console-views';
import type { View } from '../../../common/console-views';

/** Where the bridge token rests, and rotating it: a two-step button, since agents then need the new one. */
function TokenSection() {
  const t = useT();
  const storage = useQueue((s) => s.status?.tokenStorage);
  const rotate = useQueue((s) => s.rotateToken);
  const [step, setStep] = useState<'idle' | 'confirm' | 'done'>('idle');
  if (storage === undefined) return null;
  return (
    <div className="field token-section">
      <span className="field__label">{t('app.token')}</span>
      <span className="token-section__where">{t(`app.token.${storage}`)}</span>
      {step === 'confirm' ? (
        <>
          <p className="token-section__note">{t('app.token.warning')}</p>
          <button
            type="button"
            className="button button--small button--deny"
            onClick={() => void rotate().then(() => setStep('done'))}
          >
            {t('app.token.confirm')}
          </button>
        </>
      ) : (
        <button type="button" className="button button--small" onClick={() => setStep('confirm')}>
          {t('app.token.rotate')}
        </button>
      )}
      {step === 'done' && (
        <p className="token-section__note" role="status">
          {t('app.token.rotated')}
        </p>
      )}
    </div>
  );
}

/**
 * Queue, Rules, History, Suggestions, Settings: tabs in the one page, each also a desktop window of its own.
 * Suggestions carries its count, the one place a proposal shows outside its view: it never enters the queue.
 */
function ViewNav(props: { view: View; onNavigate: (view: View) => void; waiting: number }) {
  const t = useT();
  const proposals = useProposals().state;
  const badges: Partial<Record<View, number>> = {
    queue: props.waiting,
    suggestions: proposals?.enabled ? proposals.proposals.length : 0,
  };
  return (
    <nav className="topbar__nav" aria-label={t('nav.label')}>
      {views.map((view) => (
        <button
          key={view}
          type="button"
          className="topbar__tab"
          aria-current={props.view === view ? 'page' : undefined}
          onClick={() => props.onNavigate(view)}
        >
          {view === 'suggestions' ? (
            // A fifth tab fits the 420 px popover only as a glyph; its name stays the word.
            <>
              <span className="topbar__narrow-glyph" aria-hidden="true">
                ✦
              </span>
              <span className="topbar__wide-label">{t(`nav.${view}`)}</span>
            </>
          ) : (
            t(`nav.${view}`)
          )}
          {(badges[view] ?? 0) > 0 && (
            // The queue's count is also the bar's "N waiting"; nothing else counts suggestions.
            <span
              className={`topbar__badge${view === 'queue' ? '' : ' topbar__badge--always'}`}
              aria-hidden="true"
            >
              {badges[view]}
            </span>
          )}
        </button>
      ))}
    </nav>
  );
}

export function TopBar(props: {
  view: View;
  onNavigate: (view: View) => void;
  connection: ConnectionState | 'ipc';
  grantsOpen: boolean;
  onToggleGrants: () => void;
  onShowShortcuts: () => void;
}) {
  const t = useT();
  const count = useQueue((s) => (s.consoleLost ? 0 : s.requests.length - Object.keys(s.resolutions).length));
  const grants = useQueue((s) => s.grants.length);
  const theme = usePrefs((s) => s.theme);
  const locale = usePrefs((s) => s.locale);
  const setPrefs = usePrefs((s) => s.set);
  const themeId = useId();
  const localeId = useId();
  const displayId = useId();
  const [displayOpen, setDisplayOpen] = useState(false);
  const healthy = props.connection === 'ipc' || props.connection === 'ready';
  // Any state but connected or connecting says what to do next, which a narrow window must show in full.
  const explains = !healthy && props.connection !== 'connecting';
  return (
    <header className="topbar">
      <h1 className="topbar__title">{t('app.title')}</h1>
      <ViewNav view={props.view} onNavigate={props.onNavigate} waiting={count} />
      <span className="topbar__count" aria-label={t('app.waitingLabel')}>
        {t('app.waiting', { count })}
      </span>
      <span
        className={`topbar__status${healthy ? '' : ' topbar__status--down'}${explains ? ' topbar__status--explains' : ''}`}
        role="status"
      >
        {t(`app.connection.${props.connection}`, { minutes: LINK_CODE_TTL_MS / 60_000 })}
      </span>
      <span className="topbar__spacer" />
      {props.view === 'queue' && (
        <button
          type="button"
          className="button button--quiet button--small topbar__grants"
          aria-expanded={props.grantsOpen}
          aria-controls="grants-aside"
          onClick={props.onToggleGrants}
        >
          {t('app.grantsToggle', { count: grants })}
        </button>
      )}
      <div className="topbar__display" onKeyDown={(event) => event.key === 'Escape' && setDisplayOpen(false)}>
        <button
          type="button"
          className="button button--quiet button--small"
          aria-expanded={displayOpen}
          aria-controls={displayId}
          onClick={() => setDisplayOpen(!displayOpen)}
        >
          {/* In the 420 px popover the word gives way to a glyph; the name stays the word. */}
          <span className="topbar__narrow-glyph" aria-hidden="true">
            Aa
          </span>
          <span className="topbar__wide-label">{t('app.display')}</span>
        </button>
        <div id={displayId} className="display-menu" hidden={!displayOpen}>
          <label className="field" htmlFor={themeId}>
            <span className="field__label">{t('app.theme')}</span>
            <select
              id={themeId}
              className="select"
              value={theme}
              onChange={(event) => setPrefs({ theme: event.target.value as ThemeChoice })}
            >
              {themes.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`app.theme.${choice}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor={localeId}>
            <span className="field__label">{t('app.language')}</span>
            <select
              id={localeId}
              className="select"
              value={locale}
              onChange={(event) => setPrefs({ locale: event.target.value as LocaleChoice })}
            >
              <option value="auto">{t('app.language.auto')}</option>
              {locales.map((choice) => (
                <option key={choice} value={choice} lang={choice}>
                  {localeNames[choice]}
                </option>
              ))}
            </select>
          </label>
          <TokenSection />
        </div>
      </div>
      <button
        type="button"
        className="button button--quiet button--small button--icon"
        aria-label={t('app.shortcuts')}
        title={t('app.shortcuts')}
        onClick={props.onShowShortcuts}
      >
        ?
      </button>
    </header>
  );
}
