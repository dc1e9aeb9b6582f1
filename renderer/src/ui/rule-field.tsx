import { useId, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { hasHiddenCodePoints } from '../../../common/hidden-code-points';
import { useT } from '../i18n/i18n-context';
import { RuleCheckNote } from './rule-check-note';
import type { checkRule } from './rule-check';
import { VisibleText } from './visible-text';

/** A rule typed by a person, with the engine's verdict on it as they type: the grant and rule editors share it. */
export function RuleField(props: {
  label: string;
  rule: string;
  tool: string;
  check: ReturnType<typeof checkRule>;
  onChange: (rule: string) => void;
  /** An empty field in a form nobody has typed in yet says nothing rather than that it is invalid. */
  quietWhenEmpty?: boolean;
  /** What the engine says of a rule that parses, in place of a bare "Valid" (whether it decides the request). */
  standing?: ReactNode;
}) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // Focus puts the caret after the rule, which scrolls a long rule to its end; its start (the tool, the
  // command) is what a person reads first, so the field opens there.
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    element.setSelectionRange(0, 0);
    element.scrollLeft = 0;
  }, []);
  return (
    <>
      <label className="field" htmlFor={inputId}>
        <span className="field__label">{props.label}</span>
        <input
          ref={input}
          id={inputId}
          className="input input--mono"
          value={props.rule}
          spellCheck={false}
          autoFocus
          aria-invalid={!props.check.ok && !(props.quietWhenEmpty && props.rule === '')}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </label>
      {hasHiddenCodePoints(props.rule) && (
        // A text field obeys a bidi override and hides a zero-width space: the rule is drawn again, marked.
        <p className="rule-check rule-check--warn" role="note">
          <VisibleText text={t('rule.hiddenCodePoints', { rule: props.rule })} />
        </p>
      )}
      {props.check.ok && props.check.coversTool && props.standing !== undefined ? (
        <>
          {props.check.warning !== undefined && (
            <RuleCheckNote check={props.check} tool={props.tool} onFix={props.onChange} />
          )}
          {props.standing}
        </>
      ) : (
        !(props.quietWhenEmpty && props.rule === '') && (
          <RuleCheckNote check={props.check} tool={props.tool} onFix={props.onChange} />
        )
      )}
    </>
  );
}
