import { useEffect, useState } from 'react';
import type { RulePreview } from '../../../../common/console-contract';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { useNavigation } from '../../ui/navigation';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { AllowButton } from './allow-button';
import { PanelFrame } from './panel-frame';
import { RuleField } from '../../ui/rule-field';
import { VisibleText } from '../../ui/visible-text';
import { checkRule } from '../../ui/rule-check';
import { alwaysAllowUpdate, destinations, firstRule, settingsFileFor } from './always-allow';
import type { Destination } from './always-allow';
import { RuleStandingNote, useRuleStanding } from './rule-standing-note';

/** The preview waits this long after the last keystroke, so typing does not flood the console. */
const PREVIEW_DEBOUNCE_MS = 250;

/**
 * "Always allow": the rule, editable with a live syntax check, where the agent should save it, and how many
 * past requests it would have matched; saving allows this request and hands the rule to the agent.
 */
export function AlwaysAllowPanel({
  request,
  initialRule,
}: {
  request: PendingRequestView;
  initialRule?: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const decide = useQueue((s) => s.decide);
  const previewRule = useQueue((s) => s.previewRule);
  const [rule, setRule] = useState(initialRule ?? firstRule(request));
  const [destination, setDestination] = useState<Destination>('localSettings');
  const [preview, setPreview] = useState<{ rule: string; result: RulePreview | undefined }>();
  const check = checkRule(rule, request.tool);
  const standing = useRuleStanding(request, rule, destination, check.ok);
  // The agent asked although the console's engine would allow it: its own check differs, so a rule may help.
  const savable = check.ok && (standing?.wins || (standing && standing.why === 'already-allowed'));
  // Outside the working directories the rule answers only once its folder is one: both are saved.
  const folder =
    check.ok && standing?.wins === false && standing.why === 'outside' ? standing.folder : undefined;
  const explanation = request.explanation;

  useEffect(() => {
    if (!check.ok) return;
    let current = true;
    const timer = setTimeout(() => {
      void previewRule(rule, request.cwd).then((result) => {
        if (current) setPreview({ rule, result });
      });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [check.ok, previewRule, request.cwd, rule]);

  const save = () => {
    if (!check.ok || (!savable && folder === undefined)) return;
    const rule = alwaysAllowUpdate(check, destination);
    void decide({
      id: request.id,
      behavior: 'allow',
      updatedPermissions:
        folder === undefined
          ? [rule]
          : [{ type: 'addDirectories', directories: [folder], destination }, rule],
    });
  };

  return (
    <PanelFrame request={request} title={t('rule.title')}>
      <RuleField
        label={t('rule.content')}
        rule={rule}
        tool={request.tool}
        check={check}
        onChange={setRule}
        standing={
          <RuleStandingNote request={request} tool={request.tool} standing={standing} onUse={setRule} />
        }
      />
      <fieldset className="destinations">
        <legend className="field__label">{t('rule.destination')}</legend>
        {destinations.map((choice) => (
          <label key={choice} className="destination">
            <input
              type="radio"
              name={`destination-${request.id}`}
              value={choice}
              checked={destination === choice}
              onChange={() => setDestination(choice)}
            />
            <span className="destination__name">{t(`rule.dest.${choice}`)}</span>
            <span className="destination__hint">
              {t(`rule.destHint.${choice}`, { file: settingsFileFor(choice, request.agent.name) })}
            </span>
          </label>
        ))}
      </fieldset>
      {check.ok && <PreviewNote rule={rule} preview={preview} />}
      {explanation?.needsSecondLook && (
        <p className="rule-check rule-check--warn">{t(`risk.explain.${explanation.risk}`)}</p>
      )}
      <div className="panel__actions">
        <AllowButton
          className="button button--allow"
          disabled={!savable && folder === undefined}
          onClick={save}
        >
          {folder === undefined ? t('rule.save') : t('rule.saveWithFolder', { folder })}
        </AllowButton>
        {navigation && (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => navigation.openRules(request.cwd)}
          >
            {t('rule.openEditor')}
          </button>
        )}
      </div>
    </PanelFrame>
  );
}

function PreviewNote(props: {
  rule: string;
  preview: { rule: string; result: RulePreview | undefined } | undefined;
}) {
  const t = useT();
  const { preview } = props;
  if (!preview || preview.rule !== props.rule || !preview.result) {
    return (
      <p className="preview" aria-live="polite">
        {t('rule.preview.loading')}
      </p>
    );
  }
  const result = preview.result;
  if (!result.valid) return <p className="rule-check rule-check--error">{result.error}</p>;
  return (
    <div className="preview" aria-live="polite">
      <p className="preview__count">
        {result.examined === 0
          ? t('rule.preview.none')
          : t('rule.preview.matched', { matched: result.matched, examined: result.examined })}
      </p>
      {result.examples.length > 0 && (
        <ul className="preview__examples" aria-label={t('rule.preview.examples')}>
          {result.examples.map((example, i) => (
            <li key={i}>
              <code>
                <VisibleText text={example} />
              </code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
