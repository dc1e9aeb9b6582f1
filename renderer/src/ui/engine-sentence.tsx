/**
 * One of the engine's sentences in the console's language: built from its code and parameters when the
 * console knows the code (engine/explain/phrases.ts), else the engine's English as it was sent (a record
 * older than the codes, or an engine newer than this console). Commands, rules and patterns are drawn as
 * code, paths shortened against the request's folder, every one through VisibleText.
 */
import type { PhraseView } from '../../../common/phrase-schema';
import { useI18n } from '../i18n/i18n-context';
import { engineWords } from './engine-words';
import { VisibleText } from './visible-text';

export interface EngineSaid {
  readonly message: string;
  readonly phrase?: PhraseView;
}

/** `cwd`: the folder paths are shortened against; without one they are shown whole. */
export function EngineSentence({ said, cwd }: { said: EngineSaid; cwd?: string }) {
  const { locale } = useI18n();
  const words = said.phrase && engineWords(said.phrase, locale, cwd);
  if (!words) return <VisibleText text={said.message} multiline />;
  return (
    <>
      {words.map((word, i) =>
        typeof word === 'string' ? (
          <VisibleText key={i} text={word} multiline />
        ) : (
          <code key={i} title={word.title}>
            <VisibleText text={word.code} />
          </code>
        ),
      )}
    </>
  );
}
