import { agentLabel } from '../../../../common/agent-label';
import { useT } from '../../i18n/i18n-context';
import type { SessionGroup } from '../../store/session-groups';
import { folderName } from '../../ui/names';

/**
 * A session's header in the inbox: which agent, which project, which session (its id as short as keeps it
 * apart from the other sessions shown, `label`), and how much waits.
 */
export function SessionHeader({ group, label }: { group: SessionGroup; label: string }) {
  const t = useT();
  const folder = folderName(group.cwd);
  const agent = agentLabel(group.agent);
  const session = t('session.id', { id: label });
  return (
    <h2 className="session" aria-label={t('session.label', { id: label, agent, folder })}>
      <span className="session__agent">{agent}</span>
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
