import { useState } from 'react';
import type { ListedRuleView } from '../../../../common/rules-contract';
import { isEditableSource } from '../../../../common/rules-contract';
import { useT } from '../../i18n/i18n-context';
import { LockIcon } from './lock-icon';
import { VerdictList } from './examples-editor';
import { behaviorLabel } from './rule-labels';
import { sourceLabel } from '../../ui/source-label';
import { RuleForm } from './rule-form';
import { useRules } from './rules-context';
import { VisibleText } from '../../ui/visible-text';
import { EngineSentence } from '../../ui/engine-sentence';

/** Every rule of the folder in effective order, each with its file, lock, warnings and examples. */
export function RuleList() {
  const t = useT();
  const rules = useRules((s) => s.snapshot?.rules ?? []);
  return (
    <section className="rules-section" aria-labelledby="rules-effective">
      <h3 className="rules-section__title" id="rules-effective">
        {t('rules.effective')}
      </h3>
      <p className="rules-hint">{t('rules.effectiveHint')}</p>
      {rules.length === 0 ? (
        <p className="rules-empty">{t('rules.none')}</p>
      ) : (
        <ol className="rule-list">
          {rules.map((rule) => (
            <RuleRow key={`${rule.file}\0${rule.behavior}\0${rule.index}`} rule={rule} />
          ))}
        </ol>
      )}
    </section>
  );
}

function RuleRow({ rule }: { rule: ListedRuleView }) {
  const t = useT();
  const cwd = useRules((s) => s.snapshot?.cwd);
  const save = useRules((s) => s.save);
  const [editing, setEditing] = useState(false);
  // Where the rule may be changed from, or undefined for a locked (policy or flag) rule.
  const editableSource = !rule.locked && isEditableSource(rule.source) ? rule.source : undefined;
  const passed = rule.verdicts.filter((v) => v.passed).length;

  return (
    <li className={`rule-row rule-row--${rule.behavior}`} data-rule={rule.text} data-source={rule.source}>
      <div className="rule-row__main">
        <span className="rule-row__order">{rule.order}</span>
        <span className={`rule-behavior rule-behavior--${rule.behavior}`}>
          {behaviorLabel(t, rule.behavior)}
        </span>
        <code className="rule-row__text">
          <VisibleText text={rule.text} />
        </code>
        {rule.verdicts.length > 0 && (
          <span
            className={`rule-row__examples${passed === rule.verdicts.length ? '' : ' rule-row__examples--fail'}`}
          >
            {t('rules.examples.summary', { passed, total: rule.verdicts.length })}
          </span>
        )}
        <span className="rule-row__place" title={rule.file}>
          {rule.locked && <LockIcon />}
          {sourceLabel(t, rule.source)}
        </span>
        {editableSource && !editing && (
          <span className="rule-row__actions">
            <button
              type="button"
              className="button button--small button--quiet"
              aria-label={t('rules.editLabel', { rule: rule.text })}
              onClick={() => setEditing(true)}
            >
              {t('rules.edit')}
            </button>
            <button
              type="button"
              className="button button--small button--quiet rule-row__delete"
              aria-label={t('rules.deleteLabel', { rule: rule.text })}
              onClick={() =>
                void save({
                  kind: 'remove',
                  from: { source: editableSource, behavior: rule.behavior },
                  rule: rule.stored,
                })
              }
            >
              {t('rules.delete')}
            </button>
          </span>
        )}
      </div>
      {rule.warnings.length > 0 && (
        <ul className="rule-warnings" aria-label={t('rules.warnings')}>
          {rule.warnings.map((warning, i) => (
            <li key={i} className={`rule-warning rule-warning--${warning.kind}`}>
              <EngineSentence said={warning} cwd={cwd} />
            </li>
          ))}
        </ul>
      )}
      {!editing && rule.verdicts.some((v) => !v.passed) && (
        <VerdictList verdicts={rule.verdicts.filter((v) => !v.passed)} />
      )}
      {editing && editableSource && (
        <RuleForm
          initial={{
            rule: rule.stored,
            behavior: rule.behavior,
            source: editableSource,
            examples: rule.examples,
          }}
          onDone={() => setEditing(false)}
        />
      )}
    </li>
  );
}
