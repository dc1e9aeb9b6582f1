import { useT } from '../i18n/i18n-context';
import type { RuleCheck } from './rule-check';

/** The live syntax check under a rule field: the engine's own error sentence, or what the rule is for. */
export function RuleCheckNote({ check, tool }: { check: RuleCheck; tool: string }) {
  const t = useT();
  if (!check.ok) {
    return (
      <p className="rule-check rule-check--error" role="alert">
        <strong>{t('rule.invalid')}</strong> {check.error}
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
