import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { GrantsPanel } from '../features/grants/grants-panel';
import { useKeyboard } from '../features/keyboard/use-keyboard';
import { QueueView } from '../features/queue/queue-view';
import type { QueueHandle } from '../features/queue/queue-view';
import { ShortcutSheet } from '../features/shortcuts/shortcut-sheet';
import { StatusBanner } from '../features/status/status-banner';
import { I18nProvider } from '../i18n/i18n-context';
import { createTranslator, resolveLocale } from '../i18n/translate';
import type { PrefsStore } from '../store/prefs-store';
import type { QueueStore } from '../store/queue-store';
import { StoresProvider } from '../store/store-context';
import type { ConnectionState } from '../transport/web-transport';
import { TopBar } from './top-bar';

function useOsLanguages(): readonly string[] {
  const [languages, setLanguages] = useState<readonly string[]>(
    () => navigator.languages ?? [navigator.language],
  );
  useEffect(() => {
    const update = () => setLanguages(navigator.languages ?? [navigator.language]);
    window.addEventListener('languagechange', update);
    return () => window.removeEventListener('languagechange', update);
  }, []);
  return languages;
}

export function App(props: { store: QueueStore; prefs: PrefsStore; connection: ConnectionState | 'ipc' }) {
  const { store, prefs } = props;
  const theme = useStore(prefs, (s) => s.theme);
  const localeChoice = useStore(prefs, (s) => s.locale);
  const languages = useOsLanguages();
  const locale = resolveLocale(localeChoice, languages);
  const i18n = useMemo(() => ({ locale, t: createTranslator(locale) }), [locale]);
  const stores = useMemo(() => ({ queue: store, prefs }), [store, prefs]);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [grantsOpen, setGrantsOpen] = useState(false);
  const queue = useRef<QueueHandle>(null);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.lang = locale;
  }, [theme, locale]);

  const targets = useMemo(
    () => ({ store, sheetOpen, setSheetOpen, reveal: (id: string) => queue.current?.reveal(id) }),
    [store, sheetOpen],
  );
  useKeyboard(targets);

  return (
    <StoresProvider value={stores}>
      <I18nProvider value={i18n}>
        <div className="app">
          <TopBar
            connection={props.connection}
            grantsOpen={grantsOpen}
            onToggleGrants={() => setGrantsOpen(!grantsOpen)}
            onShowShortcuts={() => setSheetOpen(true)}
          />
          <StatusBanner />
          <div className="layout">
            <main className="layout__main">
              <QueueView handle={queue} />
            </main>
            <aside id="grants-aside" className={`layout__aside${grantsOpen ? ' layout__aside--open' : ''}`}>
              <GrantsPanel />
            </aside>
          </div>
          <ShortcutSheet open={sheetOpen} onClose={() => setSheetOpen(false)} />
        </div>
      </I18nProvider>
    </StoresProvider>
  );
}
