import { useCallback, useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Result } from '../../../../common/console-contract';
import type { DecisionExportState } from '../../../../common/export-contract';
import type { Refusal } from '../../../../common/refusals';
import { useT } from '../../i18n/i18n-context';
import { useConsoleApi } from '../../store/store-context';
import { useRefusalText } from '../../ui/refusal-text';

/**
 * Gatehouse's decisions to the organisation's OpenTelemetry collector: off until turned on, with what
 * leaves the machine said in one sentence before anything is sent (docs/console.md, "Say who decided").
 */
export function ExportSection() {
  const t = useT();
  const id = useId();
  const api = useConsoleApi();
  const refused = useRefusalText();
  const [state, setState] = useState<DecisionExportState>();
  const [endpoint, setEndpoint] = useState('');
  const [header, setHeader] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<Refusal>();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    void api.invoke('export:state', {}).then((result) => {
      if (!live || !result.ok) return;
      setState(result.value);
      setEndpoint(result.value.settings.endpoint ?? '');
      setHeader(result.value.settings.header ?? '');
    });
    return () => {
      live = false;
    };
  }, [api]);
  const apply = useCallback(async (call: () => Promise<Result<DecisionExportState>>) => {
    setError(undefined);
    setSaved(false);
    const result = await call();
    if (!result.ok) return setError(result.error);
    setState(result.value);
    setSaved(true);
  }, []);
  if (!state) return null;
  const configure = (enabled: boolean) => {
    const trimmed = { endpoint: endpoint.trim(), header: header.trim() };
    const settings = {
      enabled,
      ...(trimmed.endpoint ? { endpoint: trimmed.endpoint } : {}),
      ...(trimmed.header ? { header: trimmed.header } : {}),
    };
    void apply(() => api.invoke('export:configure', { settings }));
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    configure(state.settings.enabled);
  };
  return (
    <section className="settings__section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings__heading">
        {t('export.title')}
      </h3>
      <p className="settings__note">{t('export.sentence')}</p>
      <form className="settings__form settings__form--column" onSubmit={save}>
        <div className="settings__row">
          <label className="field">
            <span className="field__label">{t('export.endpoint')}</span>
            <input
              className="input input--mono"
              spellCheck={false}
              placeholder="https://collector.example.com/v1/logs"
              value={endpoint}
              onChange={(event) => setEndpoint(event.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('export.header')}</span>
            <input
              className="input input--mono"
              spellCheck={false}
              placeholder="authorization"
              value={header}
              onChange={(event) => setHeader(event.target.value)}
            />
          </label>
        </div>
        <label className="settings__choice">
          <input
            type="checkbox"
            checked={state.settings.enabled}
            onChange={(event) => configure(event.target.checked)}
          />
          {t('export.on')}
        </label>
        <div className="settings__actions">
          <button type="submit" className="button button--small">
            {t('export.save')}
          </button>
        </div>
        <div className="settings__row">
          <label className="field">
            <span className="field__label">{t('export.secret')}</span>
            <input
              className="input input--mono"
              type="password"
              autoComplete="off"
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
            />
          </label>
          <div className="settings__actions">
            <button
              type="button"
              className="button button--small"
              disabled={secret.trim() === ''}
              onClick={() =>
                void apply(() => api.invoke('export:set-secret', { value: secret })).then(() => setSecret(''))
              }
            >
              {t('export.secret.keep')}
            </button>
            {state.secretStorage && (
              <button
                type="button"
                className="button button--small button--quiet"
                onClick={() => void apply(() => api.invoke('export:forget-secret', {}))}
              >
                {t('export.secret.forget')}
              </button>
            )}
          </div>
        </div>
        <p className="settings__note">
          {t(state.secretStorage ? `export.secret.${state.secretStorage}` : 'export.secret.none')}
        </p>
      </form>
      {error && (
        <p className="settings__error" role="alert">
          {refused(error)}
        </p>
      )}
      {saved && (
        <p className="settings__done" role="status">
          {t('export.saved')}
        </p>
      )}
    </section>
  );
}
