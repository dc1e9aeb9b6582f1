import type { Explanation } from '../../../common/console-contract';
import { useT } from '../i18n/i18n-context';
import { VisibleText } from '../ui/visible-text';

/** Each part of a compound command, and the allow rule that already covers it, if one does. */
export function SubcommandList({ subcommands }: { subcommands: NonNullable<Explanation['subcommands']> }) {
  const t = useT();
  return (
    <ul className="subcommands" aria-label={t('bash.subcommands')}>
      {subcommands.map((sub, i) => (
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
  );
}
