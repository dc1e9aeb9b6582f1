import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { ConsoleApi } from '../../../common/console-contract';
import { GrantsPanel } from '../features/grants/grants-panel';
import { HistoryView } from '../features/history/history-view';
import { useKeyboard } from '../features/keyboard/use-keyboard';
import { QueueView } from '../features/queue/queue-view';
import type { QueueHandle } from '../features/queue/queue-view';
import { RulesView } from '../features/rules/rules-view';
import { SettingsView } from '../features/settings/settings-view';
import { SuggestionsView } from '../features/suggestions/suggestions-view';
import { ShortcutSheet } from '../features/keyboard/shortcut-sheet';
import { StatusBanner } from '../features/status/status-banner';
import { I18nProvider } from '../i18n/i18n-context';
import { createTranslator, resolveLocale } from '../i18n/translate';
import type { PrefsStore } from '../store/prefs-store';
import type { QueueStore } from '../store/queue-store';
import { ConsoleApiProvider, PrefsProvider, QueueProvider } from '../store/store-context';
import type { ConnectionState } from '../transport/web-transport';
import { NavigationProvider } from '../ui/navigation';
import { TopBar } from './top-bar';
import { searchForView } from '../../../common/console-views';
import type { View } from '../../../common/console-views';

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

export function App(props: {
  api: ConsoleApi;
  store: QueueStore;
  prefs: PrefsStore;
  connection: ConnectionState | 'ipc';
  view?: View;
  /** The request this window was opened to show: put under the cursor once it has arrived. */
  reveal?: string;
}) {
  const { api, store, prefs, connection } = props;
  const [view, setView] = useState<View>(props.view ?? 'queue');
  const theme = useStore(prefs, (s) => s.theme);
  const localeChoice = useStore(prefs, (s) => s.locale);
  const languages = useOsLanguages();
  const locale = resolveLocale(localeChoice, languages);
  const i18n = useMemo(() => ({ locale, t: createTranslator(locale) }), [locale]);
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
  useKeyboard(targets, view === 'queue');

  // A notification's or the tray's "Open": the card comes under the cursor, whose keys wait a moment there.
  const revealRequest = useCallback(
    (id: string) => {
      setView('queue');
      store.getState().setCursor(id);
      requestAnimationFrame(() => queue.current?.reveal(id));
    },
    [store],
  );
  useEffect(() => api.on('queue:reveal', ({ id }) => revealRequest(id)), [api, revealRequest]);
  const pendingReveal = useRef(props.reveal);
  const requests = useStore(store, (s) => s.requests);
  useEffect(() => {
    const id = pendingReveal.current;
    if (id === undefined || !requests.some((request) => request.id === id)) return;
    pendingReveal.current = undefined;
    revealRequest(id);
  }, [requests, revealRequest]);

  // In the desktop app each view is a window of its own, brought forward; a web tab switches in place.
  const navigate = useCallback(
    async (next: View, options: { readonly cwd?: string; readonly rule?: string } = {}) => {
      if (next === view && options.cwd === undefined) return;
      if (connection === 'ipc') {
        const shown = await api.invoke('console:show-view', { view: next, ...options });
        if (shown.ok && shown.value.shown) return;
      }
      setView(next);
      window.history.replaceState(null, '', `${window.location.pathname}${searchForView(next, options)}`);
    },
    [api, connection, view],
  );
  const navigation = useMemo(
    () => ({
      openRules: (cwd: string, draft?: { readonly rule: string }) =>
        void navigate('rules', { cwd, ...(draft ? { rule: draft.rule } : {}) }),
    }),
    [navigate],
  );

  return (
    <ConsoleApiProvider value={api}>
      <QueueProvider value={store}>
        <PrefsProvider value={prefs}>
          <NavigationProvider value={navigation}>
            <I18nProvider value={i18n}>
              <div className="app">
                <TopBar
                  view={view}
                  onNavigate={(next) => void navigate(next)}
                  connection={props.connection}
                  grantsOpen={grantsOpen}
                  onToggleGrants={() => setGrantsOpen(!grantsOpen)}
                  onShowShortcuts={() => setSheetOpen(true)}
                />
                <StatusBanner />
                {/* The queue stays mounted behind the other views: its scroll, panels and drafts survive a visit. */}
                <div className="layout" hidden={view !== 'queue'}>
                  <main className="layout__main">
                    <QueueView handle={queue} />
                  </main>
                  <aside
                    id="grants-aside"
                    className={`layout__aside${grantsOpen ? ' layout__aside--open' : ''}`}
                  >
                    <GrantsPanel />
                  </aside>
                </div>
                {view === 'rules' && <RulesView grants={<GrantsPanel />} />}
                {view === 'history' && <HistoryView />}
                {view === 'suggestions' && <SuggestionsView />}
                {view === 'settings' && <SettingsView />}
                <ShortcutSheet open={sheetOpen} onClose={() => setSheetOpen(false)} />
              </div>
            </I18nProvider>
          </NavigationProvider>
        </PrefsProvider>
      </QueueProvider>
    </ConsoleApiProvider>
  );
}
