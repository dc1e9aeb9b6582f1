import { useT } from '../../i18n/i18n-context';
import type { SessionGroup } from '../../store/session-groups';
import { folderName, shortSessionId } from '../../ui/names';

/** A session's header in the inbox: which agent, which project, which session, and how much waits. */
export function SessionHeader({ group }: { group: SessionGroup }) {
  const t = useT();
  const folder = folderName(group.cwd);
  const session = t('session.id', { id: shortSessionId(group.sessionId) });
  return (
    <h2 className="session" aria-label={t('session.label', { session, agent: group.agent, folder })}>
      <span className="session__agent">{group.agent}</span>
      <span className="session__folder" title={group.cwd}>
        {folder}
      </span>
      <span className="session__id" title={group.sessionId}>
        {session}
      </span>
      {group.mode === 'auto' && (
        <span className="chip" title={t('session.autoTitle')}>
          {t('session.auto')}
        </span>
      )}
      {group.headless && (
        <span className="chip" title={t('session.headlessTitle')}>
          {t('session.headless')}
        </span>
      )}
      <span className="session__count">{t('session.count', { count: group.requests.length })}</span>
      {group.secondLook > 0 && (
        <span className="badge badge--danger">{t('session.secondLook', { count: group.secondLook })}</span>
      )}
    </h2>
  );
}
