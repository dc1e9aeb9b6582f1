import { useT } from '../../i18n/i18n-context';
import { partitionForAllow } from '../../store/queue-store';
import { useQueue } from '../../store/store-context';
import { AllowButton } from './allow-button';

/** Answers for every selected request at once; each is still sent as its own decision. */
export function BatchBar() {
  const t = useT();
  const requests = useQueue((s) => s.requests);
  const selected = useQueue((s) => s.selected);
  const seenToEnd = useQueue((s) => s.seenToEnd);
  const answerSelected = useQueue((s) => s.answerSelected);
  const clearSelection = useQueue((s) => s.clearSelection);
  const chosen = requests.filter((r) => selected[r.id]);
  if (chosen.length === 0) return null;
  const { allow, skipped } = partitionForAllow(chosen, seenToEnd);
  return (
    <div className="batch" role="group" aria-label={t('batch.label')}>
      <span className="batch__count">{t('batch.selected', { count: chosen.length })}</span>
      {skipped.length > 0 && (
        <span className="batch__skipped">{t('batch.skipped', { count: skipped.length })}</span>
      )}
      <span className="batch__spacer" />
      <AllowButton
        className="button button--allow"
        disabled={allow.length === 0}
        onClick={() => void answerSelected('allow')}
      >
        {t('batch.allow', { count: allow.length })}
      </AllowButton>
      <button type="button" className="button button--deny" onClick={() => void answerSelected('deny')}>
        {t('batch.deny', { count: chosen.length })}
      </button>
      <button type="button" className="button button--quiet" onClick={clearSelection}>
        {t('batch.clear')}
      </button>
    </div>
  );
}
