import { useId, useState } from 'react';
import { knownToolNames } from '../../../../engine';
import { useT } from '../../i18n/i18n-context';
import { outcomeChoices, racerChoices } from './filter-draft';
import type { FilterDraft } from './filter-draft';

/** The filter bar: full-text search, tool, outcome, who decided, project folder and a date range. */
export function HistoryFilters({
  draft,
  onChange,
  projects,
  rangeError,
  onClear,
}: {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  projects: readonly string[];
  rangeError: boolean;
  /** Shown while anything is set. */
  onClear: (() => void) | undefined;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const edit = (change: Partial<FilterDraft>) => onChange({ ...draft, ...change });
  const { text: _text, ...fields } = draft;
  const set = Object.values(fields).filter((value) => value.trim() !== '').length;
  return (
    <div className="history__filters" role="search" aria-label={t('history.filters')}>
      <div className="history__search-row">
        <label className="field history__search">
          <span className="visually-hidden">{t('history.search.label')}</span>
          <input
            type="search"
            className="input"
            value={draft.text}
            maxLength={500}
            placeholder={t('history.search.placeholder')}
            aria-label={t('history.search.label')}
            onChange={(event) => edit({ text: event.target.value })}
          />
        </label>
        <button
          type="button"
          className="button button--small history__fields-toggle"
          aria-expanded={open}
          aria-controls={`${id}-fields`}
          onClick={() => setOpen(!open)}
        >
          {set > 0 ? t('history.filters.count', { count: set }) : t('history.filters')}
        </button>
      </div>
      <div id={`${id}-fields`} className={`history__fields${open ? ' history__fields--open' : ''}`}>
        <label className="field">
          <span className="field__label">{t('history.filter.tool')}</span>
          <input
            className="input"
            list={`${id}-tools`}
            value={draft.tool}
            maxLength={500}
            placeholder={t('history.filter.toolAny')}
            onChange={(event) => edit({ tool: event.target.value })}
          />
          <datalist id={`${id}-tools`}>
            {knownToolNames.map((tool) => (
              <option key={tool} value={tool} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span className="field__label">{t('history.filter.outcome')}</span>
          <select
            className="select history__select"
            value={draft.outcome}
            onChange={(event) => edit({ outcome: event.target.value as FilterDraft['outcome'] })}
          >
            <option value="">{t('history.filter.any')}</option>
            {outcomeChoices.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t(`history.outcome.${outcome}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('history.filter.decidedBy')}</span>
          <select
            className="select history__select"
            value={draft.decidedBy}
            onChange={(event) => edit({ decidedBy: event.target.value as FilterDraft['decidedBy'] })}
          >
            <option value="">{t('history.filter.any')}</option>
            {racerChoices.map((racer) => (
              <option key={racer} value={racer}>
                {t(`history.racer.${racer}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field history__project">
          <span className="field__label">{t('history.filter.project')}</span>
          <input
            className="input"
            list={`${id}-projects`}
            value={draft.project}
            maxLength={4096}
            placeholder={t('history.filter.projectAny')}
            onChange={(event) => edit({ project: event.target.value })}
          />
          <datalist id={`${id}-projects`}>
            {projects.map((project) => (
              <option key={project} value={project} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span className="field__label">{t('history.filter.from')}</span>
          <input
            type="date"
            className="input"
            value={draft.from}
            aria-invalid={rangeError || undefined}
            onChange={(event) => edit({ from: event.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('history.filter.to')}</span>
          <input
            type="date"
            className="input"
            value={draft.to}
            aria-invalid={rangeError || undefined}
            onChange={(event) => edit({ to: event.target.value })}
          />
        </label>
        {onClear && (
          <button type="button" className="button button--small history__clear" onClick={onClear}>
            {t('history.filter.clear')}
          </button>
        )}
      </div>
      {rangeError && (
        <p className="history__error" role="alert">
          {t('history.filter.badRange')}
        </p>
      )}
    </div>
  );
}
