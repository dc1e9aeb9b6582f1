/**
 * One of the engine's sentences in the console's language: built from its code and parameters when the
 * console knows the code (engine/explain/phrases.ts), else the engine's English as it was sent (a record
 * older than the codes, or an engine newer than this console). Commands, rules and patterns are drawn as
 * code, paths shortened against the request's folder, every one through VisibleText.
 */
import { Fragment, type ReactNode } from 'react';
import { applyModifiers, templateParts, type PhraseCode, type PhraseModifier } from '../../../engine';
import type { PhraseArgView, PhraseView } from '../../../common/phrase-schema';
import { useI18n } from '../i18n/i18n-context';
import { reasonCatalogues } from '../i18n/reasons';
import { displayPath } from './names';
import { VisibleText } from './visible-text';

type Templates = Readonly<Record<PhraseCode, string>>;
type Piece = string | { readonly node: ReactNode };

export interface EngineSaid {
  readonly message: string;
  readonly phrase?: PhraseView;
}

/** `cwd`: the folder paths are shortened against; without one they are shown whole. */
export function EngineSentence({ said, cwd }: { said: EngineSaid; cwd?: string }) {
  const { locale } = useI18n();
  const pieces = said.phrase && piecesOf(said.phrase, reasonCatalogues[locale], cwd);
  if (!pieces) return <VisibleText text={said.message} multiline />;
  return (
    <>
      {pieces.map((piece, i) =>
        typeof piece === 'string' ? (
          <VisibleText key={i} text={piece} multiline />
        ) : (
          <Fragment key={i}>{piece.node}</Fragment>
        ),
      )}
    </>
  );
}

function known(templates: Templates, code: string): code is PhraseCode {
  return Object.hasOwn(templates, code);
}

/** The sentence as text and drawn parts, or undefined when any code in it is one this console lacks. */
function piecesOf(phrase: PhraseView, templates: Templates, cwd: string | undefined): Piece[] | undefined {
  if (!known(templates, phrase.code)) return undefined;
  const pieces: Piece[] = [];
  for (const part of templateParts(templates[phrase.code])) {
    if (typeof part === 'string') {
      pieces.push(part);
      continue;
    }
    const arg = phrase.params[part.name];
    if (arg === undefined) return undefined;
    const inner = argPieces(arg, templates, cwd);
    if (!inner) return undefined;
    pieces.push(...modified(inner, part.modifiers));
  }
  return pieces;
}

function argPieces(arg: PhraseArgView, templates: Templates, cwd: string | undefined): Piece[] | undefined {
  if ('phrase' in arg) return piecesOf(arg.phrase, templates, cwd);
  if ('text' in arg) return [arg.text];
  if ('count' in arg) return [String(arg.count)];
  if ('path' in arg) return [code(cwd === undefined ? arg.path : displayPath(arg.path, cwd), arg.path)];
  return [code('command' in arg ? arg.command : arg.literal)];
}

function code(text: string, title?: string): Piece {
  return {
    node: (
      <code title={title}>
        <VisibleText text={text} />
      </code>
    ),
  };
}

/** The case of the first letter and the final full stop, where the sentence begins or ends in words. */
function modified(pieces: Piece[], modifiers: readonly PhraseModifier[]): Piece[] {
  if (modifiers.length === 0) return pieces;
  const out = [...pieces];
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
