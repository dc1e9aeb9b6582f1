import { useState } from 'react';
import type { Explanation } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { VisibleText } from '../ui/visible-text';

type Subcommands = NonNullable<Explanation['subcommands']>;

/** The parts that need the person lead; parts a rule already allows wait behind "N more" when there are some. */
export function shownSubcommands(subcommands: Subcommands, expanded: boolean): Subcommands {
  const needYou = subcommands.filter((sub) => !sub.allowedBy);
  return expanded || needYou.length === 0 ? subcommands : needYou;
}

/** Each part of a compound command, and the allow rule that already covers it, if one does. */
export function SubcommandList({ subcommands }: { subcommands: Subcommands }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const shown = shownSubcommands(subcommands, expanded);
  const hidden = subcommands.length - shown.length;
  return (
    <>
      <ul className="subcommands" aria-label={t('bash.subcommands')}>
        {shown.map((sub, i) => (
          <li key={i} className={`subcommand${sub.allowedBy ? ' subcommand--allowed' : ''}`}>
            <span className="subcommand__mark" aria-hidden="true">
              {sub.allowedBy ? '✓' : '•'}
            </span>
            <code className="subcommand__text">
              <VisibleText text={sub.text} multiline />
            </code>
            <span className="subcommand__verdict">
              {sub.allowedBy ? t('bash.allowedBy', { rule: sub.allowedBy.text }) : t('bash.needsYou')}
            </span>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button type="button" className="button button--small" onClick={() => setExpanded(true)}>
          {t('bash.moreSubcommands', { count: hidden })}
        </button>
      )}
    </>
  );
}
