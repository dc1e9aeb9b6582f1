import type { Explanation } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';

const SEVERITY: Record<Explanation['risk'], 'calm' | 'notice' | 'danger'> = {
  'read-only': 'calm',
  'writes files': 'notice',
  network: 'notice',
  destructive: 'danger',
  privileged: 'danger',
  'reads secrets': 'danger',
  unknown: 'notice',
};

/** The engine's risk label in words, coloured by how careful the person should be. */
export function RiskBadge({ explanation }: { explanation: Explanation }) {
  const t = useT();
  const severity = explanation.needsSecondLook ? 'danger' : SEVERITY[explanation.risk];
  return (
    <span className={`risk risk--${severity}`} title={t(`risk.explain.${explanation.risk}`)}>
      <span className="risk__dot" aria-hidden="true" />
      {t(`risk.${explanation.risk}`)}
    </span>
  );
}
