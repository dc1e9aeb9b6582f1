import { agentLabel } from '../../../../common/agent-label';
import type { GrantView } from '../../../../common/console-contract';
import { withMarks } from '../../../../common/hidden-code-points';
import { useNow } from '../../hooks/use-now';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { folderName } from '../../ui/names';
import { formatRemaining } from '../../../../common/hand-back';
import { VisibleText } from '../../ui/visible-text';
import './grants.css';

/** Every timed grant and session rule made here: what it allows, for whom, how long, how often used. */
export function GrantsPanel() {
  const t = useT();
  const grants = useQueue((s) => s.grants);
  return (
    <section className="grants" aria-labelledby="grants-title">
      <h2 className="grants__title" id="grants-title">
        {t('grants.title')}
        <span className="grants__count">{grants.length}</span>
      </h2>
      {grants.length === 0 ? (
        <p className="grants__empty">{t('grants.empty')}</p>
      ) : (
        <ul className="grants__list">
          {grants.map((grant) => (
            <GrantRow key={grant.id} grant={grant} />
          ))}
        </ul>
      )}
    </section>
  );
}

function GrantRow({ grant }: { grant: GrantView }) {
  const t = useT();
  const now = useNow(1000);
  const revokeGrant = useQueue((s) => s.revokeGrant);
  return (
    <li className="grant" data-grant-id={grant.id}>
      <code className="grant__rule">
        <VisibleText text={grant.rule} />
      </code>
      <span className="grant__where" title={grant.cwd}>
        {t('grants.where', { agent: agentLabel(grant.agent), folder: folderName(grant.cwd) })}
      </span>
      <span className="grant__meta">
        {t('grants.meta', {
          lasts:
            grant.expiresAt === undefined
              ? t('grants.session')
              : t('grants.expires', { time: formatRemaining(grant.expiresAt - now) }),
          uses: t('grants.uses', { count: grant.uses }),
        })}
      </span>
      <button
        type="button"
        className="button button--quiet button--small"
        aria-label={t('grants.revokeLabel', { rule: withMarks(grant.rule) })}
        onClick={() => void revokeGrant(grant.id)}
      >
        {t('grants.revoke')}
      </button>
    </li>
  );
}
