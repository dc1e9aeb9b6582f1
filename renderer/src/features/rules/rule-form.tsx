import { useId, useState } from 'react';
import { editableSources, type EditableSource, type RuleEdit } from '../../../../common/rules-contract';
import type { RuleExamples } from '../../../../common/rules-contract';
import { useT } from '../../i18n/i18n-context';
import { useConsoleApi } from '../../store/store-context';
import { ExamplesEditor, examplesFromText } from './examples-editor';
import { checkRule } from '../../ui/rule-check';
import { RuleField } from '../../ui/rule-field';
import { behaviorLabel } from './rule-labels';
import { sourceLabel } from '../../ui/source-label';
import { useRules } from './rules-context';

type Behavior = 'allow' | 'ask' | 'deny';
const behaviors: readonly Behavior[] = ['deny', 'ask', 'allow'];

export interface RuleDraftPlace {
  readonly rule: string;
  readonly behavior: Behavior;
  readonly source: EditableSource;
  readonly examples: RuleExamples;
}

const sameExamples = (a: RuleExamples, b: RuleExamples) => JSON.stringify(a) === JSON.stringify(b);

/** The engine's verdict on a rule typed in the editor, which is for whatever tool the rule names. */
function checkTyped(rule: string, behavior: Behavior) {
  const check = checkRule(rule, '', behavior);
  return check.ok ? { ...check, coversTool: true } : check;
}

/**
 * Adds a rule, or edits one: its text (checked live by the engine's parser), what it does, which file it
 * lives in (moving it), and its examples. The save is one operation, so main can merge it onto a file that
 * changed meanwhile.
 */
export function RuleForm(props: {
  initial?: RuleDraftPlace;
  draft?: string | undefined;
  onDone?: () => void;
}) {
  const t = useT();
  const api = useConsoleApi();
  const cwd = useRules((s) => s.cwd);
  const save = useRules((s) => s.save);
  const reload = useRules((s) => s.reload);
  // The rule as the person opened it: if the file changes meanwhile, the save is judged against this.
  const [initial] = useState(props.initial);
  const [rule, setRule] = useState(initial?.rule ?? props.draft ?? '');
  const [behavior, setBehavior] = useState<Behavior>(initial?.behavior ?? 'allow');
  const [source, setSource] = useState<EditableSource>(initial?.source ?? 'localSettings');
  const [match, setMatch] = useState(initial?.examples.match.join('\n') ?? '');
  const [noMatch, setNoMatch] = useState(initial?.examples.noMatch.join('\n') ?? '');
  const [busy, setBusy] = useState(false);
  const behaviorId = useId();
  const sourceId = useId();
  const check = checkTyped(rule, behavior);

  const submit = async () => {
    if (!check.ok || cwd === undefined) return;
    const examples = examplesFromText(match, noMatch);
    const moved =
      initial !== undefined &&
      (initial.rule !== rule || initial.behavior !== behavior || initial.source !== source);
    const edit: RuleEdit | undefined =
      initial === undefined
        ? { kind: 'add', to: { source, behavior }, rule }
        : moved
          ? {
              kind: 'change',
              from: { source: initial.source, behavior: initial.behavior },
              rule: initial.rule,
              to: { source, behavior },
              newRule: rule,
            }
          : undefined;
    setBusy(true);
    const saved = edit === undefined ? true : await save(edit);
    // A move carries the examples along in main; what is stored for the rule now is what it had.
    const stored = initial?.examples ?? { match: [], noMatch: [] };
    if (saved && !sameExamples(examples, stored)) {
      await api.invoke('rules:set-examples', { cwd, source, behavior, rule, examples });
      await reload();
    }
    setBusy(false);
    if (saved) {
      if (initial === undefined) {
        setRule('');
        setMatch('');
        setNoMatch('');
      }
      props.onDone?.();
    }
  };

  return (
    <form
      className="rule-form"
      aria-label={initial === undefined ? t('rules.add') : t('rules.editLabel', { rule: initial.rule })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <RuleField
        label={t('rules.ruleField')}
        rule={rule}
        tool=""
        check={check}
        onChange={setRule}
        quietWhenEmpty={initial === undefined}
      />
      <div className="rule-form__row">
        <label className="field" htmlFor={behaviorId}>
          <span className="field__label">{t('rules.behavior')}</span>
          <select
            id={behaviorId}
            className="select"
            value={behavior}
            onChange={(e) => setBehavior(e.target.value as Behavior)}
          >
            {behaviors.map((b) => (
              <option key={b} value={b}>
                {behaviorLabel(t, b)}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={sourceId}>
          <span className="field__label">{t('rules.source')}</span>
          <select
            id={sourceId}
            className="select"
            value={source}
            onChange={(e) => setSource(e.target.value as EditableSource)}
          >
            {editableSources.map((s) => (
              <option key={s} value={s}>
                {sourceLabel(t, s)}
              </option>
            ))}
          </select>
        </label>
        <div className="rule-form__actions">
          {props.onDone && (
            <button type="button" className="button button--small button--quiet" onClick={props.onDone}>
              {t('rules.cancel')}
            </button>
          )}
          <button type="submit" className="button button--small" disabled={!check.ok || busy}>
            {initial === undefined ? t('rules.addButton') : t('rules.save')}
          </button>
        </div>
      </div>
      <ExamplesEditor
        open={initial !== undefined && initial.examples.match.length + initial.examples.noMatch.length > 0}
        rule={check.ok ? rule : ''}
        behavior={behavior}
        source={source}
        match={match}
        noMatch={noMatch}
        onChange={(m, n) => {
          setMatch(m);
          setNoMatch(n);
        }}
      />
    </form>
  );
}
