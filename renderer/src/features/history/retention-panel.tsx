import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { RETENTION_DAYS_MAX } from '../../../../common/history-contract';
import type { PurgeView } from '../../../../common/history-contract';
import type { Translate } from '../../i18n/translate';
import { useT } from '../../i18n/i18n-context';
import { useHistory } from './history-context';
import { parseDays } from './history-format';

const removedText = (t: Translate, purged: PurgeView) => ({
  requests: t('history.purge.requests', { count: purged.requests }),
  sessions: t('history.purge.sessions', { count: purged.sessions }),
});

/** How long history is kept, and a purge of what is older than a number of days, confirmed first. */
interface Note {
  readonly text: string;
  readonly error: boolean;
}

/** What the last save or purge did, or why it could not. */
function PanelNote({ note }: { note: Note | undefined }) {
  if (!note) return null;
  return (
    <p className={note.error ? 'history__error' : 'history__done'} role={note.error ? 'alert' : 'status'}>
      {note.text}
    </p>
  );
}

export function RetentionPanel() {
  const t = useT();
  const id = useId();
  const retention = useHistory((s) => s.retention);
  const setRetention = useHistory((s) => s.setRetention);
  const purge = useHistory((s) => s.purge);
  const [days, setDays] = useState(() => (retention?.days === undefined ? '' : String(retention.days)));
  const [retentionNote, setRetentionNote] = useState<Note>();
  const [purgeDays, setPurgeDays] = useState(() => String(retention?.days ?? 90));
  const [confirming, setConfirming] = useState<number>();
  const [purgeNote, setPurgeNote] = useState<Note>();

  const save = async (value: number | null) => {
    const purged = await setRetention(value);
    if (purged === false) return setRetentionNote(undefined);
    if (value === null) setDays('');
    setRetentionNote({
      text:
        purged && (purged.requests > 0 || purged.sessions > 0)
          ? t('history.retention.savedRemoved', removedText(t, purged))
          : t('history.retention.saved'),
      error: false,
    });
  };
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDays(days, 1, RETENTION_DAYS_MAX);
    if (parsed === undefined) return setRetentionNote({ text: t('history.retention.invalid'), error: true });
    void save(parsed);
  };
  const onPurge = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDays(purgeDays, 0, RETENTION_DAYS_MAX);
    if (parsed === undefined) return setPurgeNote({ text: t('history.purge.invalid'), error: true });
    setPurgeNote(undefined);
    setConfirming(parsed);
  };
  const confirmPurge = async () => {
    if (confirming === undefined) return;
    const purged = await purge(confirming);
    setConfirming(undefined);
    if (!purged) return;
    setPurgeNote({
      text:
        purged.requests > 0 || purged.sessions > 0
          ? t('history.purge.removed', removedText(t, purged))
          : t('history.purge.nothing'),
      error: false,
    });
  };

  return (
    <section className="history__retention" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="history__heading">
        {t('history.retention.title')}
      </h3>
      <p className="history__note">
        {retention?.days === undefined
          ? t('history.retention.keptForever')
          : t('history.retention.keptFor', { count: retention.days })}
      </p>
      <form className="history__form" onSubmit={onSave}>
        <label className="field">
          <span className="field__label">{t('history.retention.days')}</span>
          <input
            className="input history__days"
            inputMode="numeric"
            value={days}
            aria-invalid={retentionNote?.error || undefined}
            onChange={(event) => setDays(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--small">
          {t('history.retention.save')}
        </button>
        {retention?.days !== undefined && (
          <button
            type="button"
            className="button button--small button--quiet"
            onClick={() => void save(null)}
          >
            {t('history.retention.forever')}
          </button>
        )}
      </form>
      <PanelNote note={retentionNote} />
      <form className="history__form" onSubmit={onPurge}>
        <label className="field">
          <span className="field__label">{t('history.purge.days')}</span>
          <input
            className="input history__days"
            inputMode="numeric"
            value={purgeDays}
            disabled={confirming !== undefined}
            aria-invalid={purgeNote?.error || undefined}
            onChange={(event) => setPurgeDays(event.target.value)}
          />
        </label>
        {confirming === undefined && (
          <button type="submit" className="button button--small button--danger">
            {t('history.purge.start')}
          </button>
        )}
      </form>
      {confirming !== undefined && (
        <div className="history__confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            {confirming === 0
              ? t('history.purge.confirmAll')
              : t('history.purge.confirm', { count: confirming })}
          </p>
          <div className="history__actions">
            <button
              type="button"
              className="button button--small button--deny-solid"
              onClick={() => void confirmPurge()}
            >
              {t('history.purge.yes')}
            </button>
            <button type="button" className="button button--small" onClick={() => setConfirming(undefined)}>
              {t('history.purge.cancel')}
            </button>
          </div>
        </div>
      )}
      <PanelNote note={purgeNote} />
    </section>
  );
}
