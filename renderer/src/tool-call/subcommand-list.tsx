import { useState } from 'react';
import type { Explanation } from '../../../common/queue-contract';
import type { Translate } from '../i18n/translate';
import { useT } from '../i18n/i18n-context';
import { VisibleText } from '../ui/visible-text';

type Subcommands = NonNullable<Explanation['subcommands']>;
type Subcommand = Subcommands[number];

/** A part the agent would run without asking: a rule allows it, or it only reads; a danger is never quiet. */
function isQuiet(sub: Subcommand): boolean {
  return !sub.danger && (sub.allowedBy !== undefined || sub.readOnly === true);
}

/** The parts to read lead; the quiet ones wait behind "N more" when there are others. */
export function shownSubcommands(subcommands: Subcommands, expanded: boolean): Subcommands {
  const loud = subcommands.filter((sub) => !isQuiet(sub));
  return expanded || loud.length === 0 ? subcommands : loud;
}

function verdictOf(sub: Subcommand, t: Translate): string {
  if (sub.danger) return t(`danger.${sub.danger}`);
  if (sub.allowedBy) return t('bash.allowedBy', { rule: sub.allowedBy.text });
  return t(sub.readOnly ? 'bash.readOnly' : 'bash.noRule');
}

const MARKS = { danger: '!', quiet: '✓', open: '•' } as const;

/** Each part of a compound command: the danger it is part of, the rule that allows it, or that it only reads. */
export function SubcommandList({ subcommands }: { subcommands: Subcommands }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const shown = shownSubcommands(subcommands, expanded);
  const hidden = subcommands.length - shown.length;
  return (
    <>
      <ul className="subcommands" aria-label={t('bash.subcommands')}>
        {shown.map((sub, i) => {
          const kind = sub.danger ? 'danger' : isQuiet(sub) ? 'quiet' : 'open';
          return (
            <li key={i} className={`subcommand subcommand--${kind}`} data-danger={sub.danger}>
              <span className="subcommand__mark" aria-hidden="true">
                {MARKS[kind]}
              </span>
              <code className="subcommand__text">
                <VisibleText text={sub.text} multiline />
              </code>
              <span className="subcommand__verdict">
                <VisibleText text={verdictOf(sub, t)} />
              </span>
            </li>
          );
        })}
      </ul>
      {hidden > 0 && (
        <button type="button" className="button button--small" onClick={() => setExpanded(true)}>
          {t('bash.moreSubcommands', { count: hidden })}
        </button>
      )}
    </>
  );
}
