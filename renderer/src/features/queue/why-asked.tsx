import type { Explanation, PendingRequestView, RuleRefView } from '../../../../common/queue-contract';
import type { PermissionUpdate } from '../../../../common/protocol';
import { answersFor } from '../../../../common/agent-answers';
import { formatRule } from '../../../../engine';
import type { Translate } from '../../i18n/translate';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { displayPath } from '../../ui/names';
import { VisibleText } from '../../ui/visible-text';

/** A rule as a person reads it: its text, then where it is written. */
function RuleRef({ rule, cwd }: { rule: RuleRefView; cwd: string }) {
  const t = useT();
  return (
    <span className="rule-ref">
      <code className="rule-ref__text">
        <VisibleText text={rule.text} />
      </code>
      <span className="rule-ref__where">
        {t(`source.${rule.source}`)}
        {rule.file && (
          <>
            {' · '}
            <span className="rule-ref__file" title={rule.file}>
              {displayPath(rule.file, cwd)}
            </span>
          </>
        )}
      </span>
    </span>
  );
}

function describeSuggestion(update: PermissionUpdate, t: Translate): string | undefined {
  if ('mode' in update) return t('why.suggest.mode', { mode: update.mode });
  if ('directories' in update) {
    return t('why.suggest.directories', { directories: update.directories.join(', ') });
  }
  // Allow rules are offered as rules to save below; the rest are said as they are.
  if (update.type === 'addRules' && update.behavior === 'allow') return undefined;
  return t('why.suggest.rules', {
    behavior: update.behavior,
    rules: update.rules.map((rule) => formatRule(rule)).join(', '),
  });
}

/**
 * When the agent's own rules deny or ask for this call, the card opens with that sentence: an Allow here
 * answers this one request, and the rule asks again next time (or refuses it) whatever is clicked.
 */
export function RuleLead({ request }: { request: PendingRequestView }) {
  const t = useT();
  const reason = request.explanation?.reason;
  if (reason?.type !== 'rule' || !reason.rule || reason.rule.behavior === 'allow') return null;
  const { rule } = reason;
  const where = rule.file ? displayPath(rule.file, request.cwd) : t(`source.${rule.source}`);
  return (
    <p className={`card__lead card__lead--${rule.behavior}`} role="note">
      {t(rule.behavior === 'deny' ? 'lead.deny' : 'lead.ask', { rule: rule.text, where })}
    </p>
  );
}

/** The engine's own sentence; for "no rule matched" the headline already says that much. */
function detailOf(reason: Explanation['reason']): string {
  if (reason.type !== 'default') return reason.message;
  const rest = reason.message.replace(/^No rule matched:\s*/, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** Why the agent asked: the deciding rule and its file, the mode, protected paths, near misses, suggestions. */
export function WhyAsked({ request }: { request: PendingRequestView }) {
  const t = useT();
  const openPanel = useQueue((s) => s.openPanel);
  const explanation = request.explanation;
  const agentSaid = request.provenance?.message;
  const otherSuggestions = (request.suggestions ?? [])
    .map((update) => describeSuggestion(update, t))
    .filter((text): text is string => text !== undefined);

  if (!explanation) {
    return (
      <section className="why" aria-label={t('why.title')}>
        <p className="why__line">{t('why.unknown')}</p>
        {agentSaid && (
          <dl className="why__list">
            <dt>{t('why.agentSays')}</dt>
            <dd>
              <VisibleText text={agentSaid} multiline />
            </dd>
          </dl>
        )}
      </section>
    );
  }
  const { reason } = explanation;
  // Of a compound command, the parts no rule allows: those are what the person is asked about.
  const needsYou = (explanation.subcommands ?? []).filter((sub) => !sub.allowedBy).map((sub) => sub.text);
  return (
    <section className="why" aria-label={t('why.title')}>
      <dl className="why__list">
        <dt>{t('why.title')}</dt>
        <dd>
          {reason.type === 'rule' && reason.rule ? (
            <span className="why__headline">
              {t(`why.behavior.${reason.rule.behavior}`)} <RuleRef rule={reason.rule} cwd={request.cwd} />
            </span>
          ) : (
            <>
              {reason.type === 'default' && <span className="why__headline">{t('why.noRule')}</span>}
              <span className="why__detail">
                {reason.type === 'default' && needsYou.length > 0 ? (
                  t('why.needsYou', { parts: needsYou.join(' · ') })
                ) : (
                  <VisibleText text={detailOf(reason)} multiline />
                )}
              </span>
            </>
          )}
        </dd>
        <dt>{t('why.mode')}</dt>
        <dd>
          <code>{request.mode}</code>
        </dd>
        {explanation.nearMisses.length > 0 && (
          <>
            <dt>{t('why.nearMisses')}</dt>
            <dd>
              <details className="why__misses">
                <summary>{t('why.nearMissCount', { count: explanation.nearMisses.length })}</summary>
                <ul className="why__rules">
                  {explanation.nearMisses.map((rule, i) => (
                    <li key={i}>
                      <span className={`why__behavior why__behavior--${rule.behavior}`}>
                        {t(`why.behavior.${rule.behavior}`)}
                      </span>{' '}
                      <RuleRef rule={rule} cwd={request.cwd} />
                    </li>
                  ))}
                </ul>
              </details>
            </dd>
          </>
        )}
        {explanation.protectedPath && (
          <>
            <dt>{t('why.protectedPath')}</dt>
            <dd>
              <code className="why__danger">{explanation.protectedPath}</code>
            </dd>
          </>
        )}
        {agentSaid && (
          <>
            <dt>{t('why.agentSays')}</dt>
            <dd>
              <VisibleText text={agentSaid} multiline />
            </dd>
          </>
        )}
        {otherSuggestions.length > 0 && (
          <>
            <dt>{t('why.agentSuggests')}</dt>
            <dd>{otherSuggestions.join('; ')}</dd>
          </>
        )}
        {explanation.suggestedRules.length > 0 && answersFor(request).always && (
          <>
            <dt>{t('why.suggested')}</dt>
            <dd className="why__suggestions">
              {explanation.suggestedRules.map((rule) => (
                <button
                  key={rule}
                  type="button"
                  className="chip chip--button"
                  title={t('why.suggestedUse', { rule })}
                  onClick={() => openPanel(request.id, { kind: 'always', rule })}
                >
                  {rule}
                </button>
              ))}
            </dd>
          </>
        )}
        {explanation.warnings && explanation.warnings.length > 0 && (
          <>
            <dt>{t('why.warnings')}</dt>
            <dd className="why__detail">{explanation.warnings.join(' ')}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
