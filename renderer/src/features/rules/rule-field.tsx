import { useId } from 'react';
import { RuleCheckNote } from './rule-check-note';
import type { checkRule } from './rule-draft';

/** A rule typed by a person, with the engine's verdict on it as they type: the grant and rule editors share it. */
export function RuleField(props: {
  label: string;
  rule: string;
  tool: string;
  check: ReturnType<typeof checkRule>;
  onChange: (rule: string) => void;
}) {
  const inputId = useId();
  return (
    <>
      <label className="field" htmlFor={inputId}>
        <span className="field__label">{props.label}</span>
        <input
          id={inputId}
          className="input input--mono"
          value={props.rule}
          spellCheck={false}
          autoFocus
          aria-invalid={!props.check.ok}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </label>
      <RuleCheckNote check={props.check} tool={props.tool} />
    </>
  );
}
