import { useT } from '../i18n/i18n-context';
import type { RuleCheck } from './rule-check';
import { EngineSentence } from './engine-sentence';

/**
 * The live check under a rule field: the engine's own error sentence (with the likely rule as one click),
 * why a rule that loads would never apply, or what the rule is for.
 */
export function RuleCheckNote({
  check,
  tool,
  onFix,
}: {
  check: RuleCheck;
  tool: string;
  onFix?: (rule: string) => void;
}) {
  const t = useT();
  if (!check.ok) {
    const { fix } = check;
    return (
      <p className="rule-check rule-check--error" role="alert">
        <strong>{t('rule.invalid')}</strong>{' '}
        <EngineSentence said={{ message: check.error, phrase: check.errorPhrase }} />
        {fix !== undefined && onFix && (
          <>
            {' '}
            <button type="button" className="button button--small" onClick={() => onFix(fix)}>
              {t('rule.useFix', { rule: fix })}
            </button>
          </>
        )}
      </p>
    );
  }
  if (check.warning !== undefined) {
    return (
      <p className="rule-check rule-check--warn" aria-live="polite">
        <EngineSentence said={{ message: check.warning, phrase: check.warningPhrase }} />
      </p>
    );
  }
  return (
    <p className={`rule-check${check.coversTool ? '' : ' rule-check--warn'}`} aria-live="polite">
      {check.coversTool
        ? t('rule.valid', { tool: check.toolName })
        : t('rule.otherTool', { tool: check.toolName, requestTool: tool })}
    </p>
  );
}
