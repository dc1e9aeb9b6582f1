import { useEffect, useId, useState } from 'react';
import type { ExampleVerdict, RuleExamples } from '../../../../common/rules-contract';
import type { FileSource } from '../../../../engine';
import { useT } from '../../i18n/i18n-context';
import { useConsoleApi } from '../../store/store-context';
import { useRefusalText } from '../../ui/refusal-text';
import { useRules } from './rules-context';
import { VisibleText } from '../../ui/visible-text';

/** Examples are checked this long after the last keystroke. */
const TRY_DEBOUNCE_MS = 200;

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

export function examplesFromText(match: string, noMatch: string): RuleExamples {
  return { match: lines(match), noMatch: lines(noMatch) };
}

/**
 * The examples a rule must match and must not match, checked by the engine against the rule as typed,
 * each shown passing or failing.
 */
export function ExamplesEditor(props: {
  /** Shown at once (a rule that has examples), or behind its summary line. */
  open: boolean;
  rule: string;
  behavior: 'allow' | 'ask' | 'deny';
  source: FileSource;
  match: string;
  noMatch: string;
  onChange: (match: string, noMatch: string) => void;
}) {
  const t = useT();
  const api = useConsoleApi();
  const cwd = useRules((s) => s.cwd);
  // Verdicts belong to the rule they were computed for: a rule typed since then shows none until checked.
  const [checked, setChecked] = useState<{ rule: string; verdicts: readonly ExampleVerdict[] }>();
  const matchId = useId();
  const noMatchId = useId();
  const { rule, behavior, source, match, noMatch } = props;

  useEffect(() => {
    if (cwd === undefined || rule.trim() === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void api
        .invoke('rules:try-examples', {
          cwd,
          source,
          behavior,
          rule,
          examples: examplesFromText(match, noMatch),
        })
        .then((result) => {
          if (current) setChecked({ rule, verdicts: result.ok ? result.value : [] });
        });
    }, TRY_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, cwd, source, behavior, rule, match, noMatch]);

  return (
    <details className="rule-examples" open={props.open}>
      <summary className="field__label">{t('rules.examples')}</summary>
      <p className="rules-hint">{t('rules.examples.hint')}</p>
      <div className="rule-examples__columns">
        <label className="field" htmlFor={matchId}>
          <span className="field__label">{t('rules.examples.match')}</span>
          <textarea
            id={matchId}
            className="input input--mono textarea"
            rows={3}
            spellCheck={false}
            value={match}
            onChange={(event) => props.onChange(event.target.value, noMatch)}
          />
        </label>
        <label className="field" htmlFor={noMatchId}>
          <span className="field__label">{t('rules.examples.noMatch')}</span>
          <textarea
            id={noMatchId}
            className="input input--mono textarea"
            rows={3}
            spellCheck={false}
            value={noMatch}
            onChange={(event) => props.onChange(match, event.target.value)}
          />
        </label>
      </div>
      <VerdictList verdicts={checked?.rule === rule ? checked.verdicts : []} />
    </details>
  );
}

export function VerdictList({ verdicts }: { verdicts: readonly ExampleVerdict[] }) {
  const t = useT();
  const refused = useRefusalText();
  if (verdicts.length === 0) return null;
  return (
    <ul className="verdicts" aria-label={t('rules.examples')}>
      {verdicts.map((verdict, i) => (
        <li key={i} className={`verdict verdict--${verdict.passed ? 'pass' : 'fail'}`}>
          <span className="verdict__mark">{verdict.passed ? '✓' : '✗'}</span>
          <code className="verdict__text">
            <VisibleText text={verdict.text} />
          </code>
          <span className="verdict__expect">
            {verdict.expected === 'match'
              ? t('rules.examples.shouldMatch')
              : t('rules.examples.shouldNotMatch')}{' '}
            · {verdict.passed ? t('rules.examples.pass') : t('rules.examples.fail')}
          </span>
          {verdict.error && <span className="verdict__error">{refused(verdict.error)}</span>}
        </li>
      ))}
    </ul>
  );
}
