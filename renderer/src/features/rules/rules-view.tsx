import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n-context';
import { createRulesStore } from '../../store/rules-store';
import { useConsoleApi } from '../../store/store-context';
import { useRefusalText } from '../../ui/refusal-text';
import { EngineSentence } from '../../ui/engine-sentence';
import { FolderPicker } from './folder-picker';
import { Playground } from './playground';
import { RuleForm } from './rule-form';
import { RuleList } from './rule-list';
import { RulesProvider, useRules } from './rules-context';
import { SettingsFiles } from './settings-files';
import './rules.css';

const LAST_FOLDER_KEY = 'gatehouse.rules.folder';

/**
 * The address names the open folder (`?view=rules&cwd=…`), so a reload opens it again; switching views
 * drops it from the address, so the tab also remembers the last one.
 */
function initialFolder(): string | undefined {
  return (
    new URLSearchParams(window.location.search).get('cwd') ??
    window.sessionStorage.getItem(LAST_FOLDER_KEY) ??
    undefined
  );
}

/** A rule to start adding, when a suggestion's Edit opened the editor (`?view=rules&cwd=…&rule=…`). */
function initialDraft(): string | undefined {
  return new URLSearchParams(window.location.search).get('rule') ?? undefined;
}

function rememberFolder(cwd: string) {
  window.sessionStorage.setItem(LAST_FOLDER_KEY, cwd);
  const params = new URLSearchParams(window.location.search);
  if (params.get('cwd') === cwd) return;
  params.set('cwd', cwd);
  window.history.replaceState(null, '', `${window.location.pathname}?${params}${window.location.hash}`);
}

/** The rule editor: every rule of a project folder, editable and testable, and the console's own grants. */
/** `grants` is the timed-grants panel, which the app hands in: the rules view shows it beside the rules. */
export function RulesView(props: { grants: ReactNode }) {
  const api = useConsoleApi();
  const store = useMemo(() => createRulesStore(api), [api]);
  const [draft, setDraft] = useState(initialDraft);
  useEffect(() => {
    const stop = store.getState().start();
    const initial = initialFolder();
    if (initial) void store.getState().open(initial);
    const off = store.subscribe((state, before) => {
      if (state.snapshot && state.snapshot !== before.snapshot) rememberFolder(state.snapshot.cwd);
    });
    // The desktop app's rule editor window, asked for a folder by the queue's Always allow.
    const offShow = api.on('rules:show-folder', ({ cwd, rule }) => {
      setDraft(rule);
      void store.getState().open(cwd);
    });
    return () => {
      stop();
      off();
      offShow();
    };
  }, [api, store]);
  return (
    <RulesProvider value={store}>
      <RulesPage grants={props.grants} draft={draft} />
    </RulesProvider>
  );
}

function RulesPage(props: { grants: ReactNode; draft: string | undefined }) {
  const t = useT();
  const refused = useRefusalText();
  const snapshot = useRules((s) => s.snapshot);
  const loading = useRules((s) => s.loading);
  const error = useRules((s) => s.error);
  const fileErrors = (snapshot?.files ?? []).flatMap((file) =>
    file.error === undefined ? [] : [{ message: file.error, phrase: file.errorPhrase }],
  );
  return (
    <main className="view rules">
      <h2 className="view__title">{t('rules.title')}</h2>
      <FolderPicker />
      {/* A save refused for a broken file says what its file's own line already says: once is enough. */}
      {error && (
        <p className="rules-error" role="alert">
          {fileErrors.some((fileError) => fileError.message === error.message)
            ? t('rules.notSaved')
            : refused(error)}
        </p>
      )}
      <SaveStatus />
      {!snapshot && !loading && !error && <p className="rules-hint">{t('rules.pickFolder')}</p>}
      {!snapshot && loading && <p className="rules-hint">{t('rules.loading')}</p>}
      {fileErrors.map((fileError) => (
        <p key={fileError.message} className="rules-error" role="alert">
          <EngineSentence said={fileError} />
        </p>
      ))}
      {snapshot && (
        <div className="rules__columns">
          <div className="rules__main">
            <section className="rules-section" aria-label={t('rules.add')}>
              <h3 className="rules-section__title">{t('rules.add')}</h3>
              {/* A new draft starts a new form: what the person typed for the last one is not carried over. */}
              <RuleForm key={props.draft ?? ''} draft={props.draft} />
            </section>
            <RuleList />
            <SettingsFiles />
          </div>
          <aside className="rules__side">
            <Playground />
            <section className="rules-section" aria-label={t('rules.grants')}>
              {props.grants}
            </section>
          </aside>
        </div>
      )}
    </main>
  );
}

/** Saved, merged with a change on disk, or a conflict the person resolves. */
function SaveStatus() {
  const t = useT();
  const refused = useRefusalText();
  const notice = useRules((s) => s.notice);
  const conflict = useRules((s) => s.conflict);
  const dismiss = useRules((s) => s.dismissNotice);
  const applyAnyway = useRules((s) => s.applyAnyway);
  const discard = useRules((s) => s.discardConflict);
  if (conflict) {
    return (
      <div className="rules-conflict" role="alert">
        <p>
          <strong>{t('rules.conflict.title')}</strong> {refused(conflict.refusal)}
        </p>
        <div className="rules-conflict__actions">
          <button type="button" className="button button--small" onClick={() => void discard()}>
            {t('rules.conflict.reload')}
          </button>
          <button
            type="button"
            className="button button--small button--danger"
            onClick={() => void applyAnyway()}
          >
            {t('rules.conflict.apply')}
          </button>
        </div>
      </div>
    );
  }
  if (!notice) return null;
  return (
    <p className="rules-notice" role="status">
      {notice === 'merged' ? t('rules.merged') : t('rules.saved')}
      <button type="button" className="button button--small button--quiet" onClick={dismiss}>
        {t('rules.dismiss')}
      </button>
    </p>
  );
}
