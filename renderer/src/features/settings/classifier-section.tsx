import { useCallback, useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  CLASSIFIER_BUDGET_MS,
  classifierClasses,
  classifierConfidences,
  classifierFamilies,
  classOfChannel,
} from '../../../../common/classifier-contract';
import type { ClassifierSettings, ClassifierState } from '../../../../common/classifier-contract';
import type { Result } from '../../../../common/console-contract';
import type { HistoryEntryView } from '../../../../common/history-contract';
import type { Refusal } from '../../../../common/refusals';
import { summarizeRequest } from '../../../../common/request-summary';
import { useT } from '../../i18n/i18n-context';
import { useConsoleApi } from '../../store/store-context';
import { useDateFormat } from '../../ui/use-date-format';
import { useRefusalText } from '../../ui/refusal-text';
import { VisibleText } from '../../ui/visible-text';

/** How many of its most recent allows the review shows. */
const REVIEW_LIMIT = 50;

/**
 * Gatehouse's classifier: which agents it judges, what it may allow, how sure and how fast, and its judge;
 * then what it allowed, each with one click to deny or ask from now on (docs/engine.md, Layer 3).
 */
export function ClassifierSection() {
  const t = useT();
  const id = useId();
  const api = useConsoleApi();
  const refused = useRefusalText();
  const [state, setState] = useState<ClassifierState>();
  const [error, setError] = useState<Refusal>();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    void api.invoke('classifier:state', {}).then((result) => live && result.ok && setState(result.value));
    return () => {
      live = false;
    };
  }, [api]);
  const apply = useCallback(async (call: () => Promise<Result<ClassifierState>>) => {
    setError(undefined);
    setSaved(false);
    const result = await call();
    if (!result.ok) return setError(result.error);
    setState(result.value);
    setSaved(true);
  }, []);
  if (!state) return null;
  const { settings } = state;
  const configure = (change: Partial<ClassifierSettings>) =>
    void apply(() => api.invoke('classifier:configure', { settings: { ...settings, ...change } }));

  return (
    <>
      <section className="settings__section" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="settings__heading">
          {t('classifier.title')}
        </h3>
        <p className="settings__note">{t('classifier.intro')}</p>

        <fieldset className="settings__choices">
          <legend className="field__label">{t('classifier.families')}</legend>
          {classifierFamilies.map((family) => (
            <label key={family} className="settings__choice settings__choice--noted">
              <input
                type="checkbox"
                checked={settings.families[family]}
                onChange={(event) =>
                  configure({ families: { ...settings.families, [family]: event.target.checked } })
                }
              />
              <span>
                {t(`classifier.family.${family}`)}
                <span className="settings__note">{t(`classifier.family.${family}.note`)}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <fieldset className="settings__choices">
          <legend className="field__label">{t('classifier.classes')}</legend>
          {classifierClasses.map((kind) => (
            <label key={kind} className="settings__choice settings__choice--noted">
              <input
                type="checkbox"
                checked={settings.classes.includes(kind)}
                onChange={(event) =>
                  configure({
                    classes: event.target.checked
                      ? [...settings.classes, kind]
                      : settings.classes.filter((each) => each !== kind),
                  })
                }
              />
              <span>
                {t(`classifier.choice.${kind}`)}
                <span className="settings__note">{t(`classifier.class.${kind}.note`)}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <div className="settings__row">
          <label className="field">
            <span className="field__label">{t('classifier.confidence.label')}</span>
            <select
              className="input"
              value={settings.confidence}
              onChange={(event) =>
                configure({ confidence: Number(event.target.value) as ClassifierSettings['confidence'] })
              }
            >
              {classifierConfidences.map((value) => (
                <option key={value} value={value}>
                  {value.toFixed(2)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('classifier.budget')}</span>
            <input
              className="input"
              type="number"
              min={CLASSIFIER_BUDGET_MS.min}
              max={CLASSIFIER_BUDGET_MS.max}
              step={50}
              defaultValue={settings.budgetMs}
              onBlur={(event) => {
                const budgetMs = Number(event.target.value);
                if (budgetMs !== settings.budgetMs) configure({ budgetMs });
              }}
            />
          </label>
        </div>
        <p className="settings__note">
          {t('classifier.confidence.note')} {t('classifier.budget.note')}
        </p>

        <JudgeChoice state={state} apply={apply} />

        {error && (
          <p className="settings__error" role="alert">
            {refused(error)}
          </p>
        )}
        {saved && (
          <p className="settings__done" role="status">
            {t('classifier.saved')}
          </p>
        )}
      </section>
      <ClassifierReview />
    </>
  );
}

function JudgeChoice({
  state,
  apply,
}: {
  readonly state: ClassifierState;
  readonly apply: (call: () => Promise<Result<ClassifierState>>) => Promise<void>;
}) {
  const t = useT();
  const id = useId();
  const api = useConsoleApi();
  const { settings } = state;
  const [kind, setKind] = useState(settings.judge.kind);
  const [endpoint, setEndpoint] = useState(settings.judge.kind === 'llm' ? settings.judge.endpoint : '');
  const [model, setModel] = useState(settings.judge.kind === 'llm' ? settings.judge.model : '');
  const [key, setKey] = useState('');
  const useJudge = (event: FormEvent) => {
    event.preventDefault();
    const judge = kind === 'llm' ? { kind, endpoint: endpoint.trim(), model: model.trim() } : { kind };
    void apply(() => api.invoke('classifier:configure', { settings: { ...settings, judge } }));
  };
  return (
    <form className="settings__form settings__form--column" onSubmit={useJudge}>
      <fieldset className="settings__choices">
        <legend className="field__label">{t('classifier.judge')}</legend>
        {(['deterministic', 'llm'] as const).map((each) => (
          <label key={each} className="settings__choice settings__choice--noted">
            <input type="radio" name={`${id}-judge`} checked={kind === each} onChange={() => setKind(each)} />
            <span>
              {t(`classifier.judge.${each}`)}
              <span className="settings__note">{t(`classifier.judge.${each}.note`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'llm' && (
        <div className="settings__row">
          <label className="field">
            <span className="field__label">{t('classifier.endpoint')}</span>
            <input
              className="input input--mono"
              spellCheck={false}
              placeholder="http://127.0.0.1:8080/v1"
              value={endpoint}
              onChange={(event) => setEndpoint(event.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('classifier.model')}</span>
            <input
              className="input input--mono"
              spellCheck={false}
              value={model}
              onChange={(event) => setModel(event.target.value)}
            />
          </label>
        </div>
      )}
      <div className="settings__actions">
        <button type="submit" className="button button--small">
          {t('classifier.save')}
        </button>
      </div>
      {kind === 'llm' && (
        <>
          <div className="settings__row">
            <label className="field">
              <span className="field__label">{t('classifier.key')}</span>
              <input
                className="input input--mono"
                type="password"
                autoComplete="off"
                value={key}
                onChange={(event) => setKey(event.target.value)}
              />
            </label>
            <div className="settings__actions">
              <button
                type="button"
                className="button button--small"
                disabled={key.trim() === ''}
                onClick={() =>
                  void apply(() => api.invoke('classifier:set-key', { key })).then(() => setKey(''))
                }
              >
                {t('classifier.key.keep')}
              </button>
              {state.keyStorage && (
                <button
                  type="button"
                  className="button button--small button--quiet"
                  onClick={() => void apply(() => api.invoke('classifier:forget-key', {}))}
                >
                  {t('classifier.key.forget')}
                </button>
              )}
            </div>
          </div>
          <p className="settings__note">
            {t(state.keyStorage ? `classifier.key.${state.keyStorage}` : 'classifier.key.none')}
          </p>
        </>
      )}
    </form>
  );
}

/** The classifier's most recent allows, newest first, each with one click to deny or ask from now on. */
function ClassifierReview() {
  const t = useT();
  const id = useId();
  const api = useConsoleApi();
  const refused = useRefusalText();
  const dates = useDateFormat();
  const [entries, setEntries] = useState<readonly HistoryEntryView[]>();
  const [written, setWritten] = useState<Readonly<Record<string, string>>>({});
  const [error, setError] = useState<Refusal>();
  useEffect(() => {
    let live = true;
    const load = () =>
      void api
        .invoke('history:requests', { filter: { decidedBy: 'classifier' }, limit: REVIEW_LIMIT })
        .then((result) => live && result.ok && setEntries(result.value.entries));
    load();
    const off = api.on('history:changed', (change) => change.requests && load());
    return () => {
      live = false;
      off();
    };
  }, [api]);
  const makeRule = async (entryId: string, behavior: 'deny' | 'ask') => {
    setError(undefined);
    const result = await api.invoke('classifier:make-rule', { id: entryId, behavior });
    if (!result.ok) return setError(result.error);
    setWritten((before) => ({ ...before, [entryId]: t('classifier.review.written', { ...result.value }) }));
  };
  return (
    <section className="settings__section classifier-review" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings__heading">
        {t('classifier.review.title')}
      </h3>
      <p className="settings__note">{t('classifier.review.intro')}</p>
      {entries?.length === 0 && <p className="settings__note">{t('classifier.review.empty')}</p>}
      <ul className="classifier-review__list">
        {entries?.map((entry) => {
          const { request } = entry;
          const summary = summarizeRequest(request.tool, request.input, 160, request.provenance);
          const kind = classOfChannel(entry.decision?.channel);
          return (
            <li key={request.id} className="classifier-review__item">
              <div className="classifier-review__what">
                <code className="classifier-review__call">
                  <VisibleText text={summary.line.text} />
                </code>
                <span className="settings__note">
                  {[
                    kind ? t(`classifier.choice.${kind}`) : undefined,
                    request.cwd,
                    dates.dateTime(entry.decision?.decidedAt ?? request.receivedAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {written[request.id] ? (
                <p className="settings__done" role="status">
                  {written[request.id]}
                </p>
              ) : (
                <div className="settings__actions">
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => void makeRule(request.id, 'deny')}
                  >
                    {t('classifier.review.deny')}
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void makeRule(request.id, 'ask')}
                  >
                    {t('classifier.review.ask')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p className="settings__error" role="alert">
          {refused(error)}
        </p>
      )}
    </section>
  );
}
