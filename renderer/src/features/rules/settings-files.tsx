import { useT } from '../../i18n/i18n-context';
import { LockIcon } from './lock-icon';
import { sourceLabel } from '../../ui/source-label';
import { useRules } from './rules-context';
import { VisibleText } from '../../ui/visible-text';

/** Each source's file: where it is, whether it exists, and the sentence saying why a broken one is unused. */
export function SettingsFiles() {
  const t = useT();
  const files = useRules((s) => s.snapshot?.files ?? []);
  return (
    <section className="rules-section" aria-labelledby="rules-files">
      <h3 className="rules-section__title" id="rules-files">
        {t('rules.files')}
      </h3>
      <ul className="rule-files">
        {files.map((file) => (
          <li key={file.source} className={`rule-file rule-file--${file.status}`} data-source={file.source}>
            <span className="rule-file__source">
              {!file.editable && <LockIcon />}
              {sourceLabel(t, file.source)}
            </span>
            <code className="rule-file__path" title={file.file}>
              <VisibleText text={file.file} />
            </code>
            <span className="rule-file__status">{t(`rules.file.${file.status}`)}</span>
            {file.switches?.map((name) => {
              // Claude Code 2.1.328 ignores this key in a repository's own files.
              const ignored =
                name === 'denyInsteadOfPrompting' &&
                (file.source === 'projectSettings' || file.source === 'localSettings');
              return (
                <span key={name} className="chip rule-file__switch" title={name}>
                  {t(`rules.switch.${name}`)}
                  {ignored && ` (${t('rules.switch.ignoredHere')})`}
                </span>
              );
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
