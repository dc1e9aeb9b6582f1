/**
 * One of the engine's sentences in a locale's words (engine/explain/phrases.ts), as text and the parts drawn
 * as code: a command, rule, pattern or path. Undefined when any code in it is one the console lacks, so the
 * caller shows the engine's English instead of a sentence half in one language.
 */
import { applyModifiers, templateParts, type PhraseCode, type PhraseModifier } from '../../../engine';
import type { PhraseArgView, PhraseView } from '../../../common/phrase-schema';
import { reasonCatalogues } from '../i18n/reasons';
import type { Locale } from '../i18n/translate';
import { displayPath } from './names';

export type EngineWord = string | { readonly code: string; readonly title?: string };

type Templates = Readonly<Record<PhraseCode, string>>;

/** `cwd`: the folder paths are shortened against; without one they are shown whole. */
export function engineWords(phrase: PhraseView, locale: Locale, cwd?: string): EngineWord[] | undefined {
  return wordsOf(phrase, reasonCatalogues[locale], cwd);
}

/** The sentence as plain text, its code parts as they are written. */
export function engineText(phrase: PhraseView, locale: Locale): string | undefined {
  return engineWords(phrase, locale)
    ?.map((word) => (typeof word === 'string' ? word : word.code))
    .join('');
}

function known(templates: Templates, code: string): code is PhraseCode {
  return Object.hasOwn(templates, code);
}

function wordsOf(
  phrase: PhraseView,
  templates: Templates,
  cwd: string | undefined,
): EngineWord[] | undefined {
  if (!known(templates, phrase.code)) return undefined;
  const words: EngineWord[] = [];
  for (const part of templateParts(templates[phrase.code])) {
    if (typeof part === 'string') {
      words.push(part);
      continue;
    }
    const arg = phrase.params[part.name];
    if (arg === undefined) return undefined;
    const inner = argWords(arg, templates, cwd);
    if (!inner) return undefined;
    words.push(...modified(inner, part.modifiers));
  }
  return words;
}

function argWords(
  arg: PhraseArgView,
  templates: Templates,
  cwd: string | undefined,
): EngineWord[] | undefined {
  if ('phrase' in arg) return wordsOf(arg.phrase, templates, cwd);
  if ('text' in arg) return [arg.text];
  if ('count' in arg) return [String(arg.count)];
  if ('path' in arg)
    return [{ code: cwd === undefined ? arg.path : displayPath(arg.path, cwd), title: arg.path }];
  return [{ code: 'command' in arg ? arg.command : arg.literal }];
}

/** The case of the first letter and the final full stop, where the sentence begins or ends in words. */
function modified(words: EngineWord[], modifiers: readonly PhraseModifier[]): EngineWord[] {
  if (modifiers.length === 0) return words;
  const out = [...words];
  const first = out[0];
  if (typeof first === 'string')
    out[0] = applyModifiers(
      first,
      modifiers.filter((m) => m !== 'bare'),
    );
  const last = out.length - 1;
  const end = out[last];
  if (modifiers.includes('bare') && typeof end === 'string') out[last] = applyModifiers(end, ['bare']);
  return out;
}
