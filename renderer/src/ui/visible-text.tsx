/**
 * Text exactly as it will run: every bidi control, zero-width, format or control code point is drawn as a
 * bordered ⟨U+XXXX⟩ chip instead of being obeyed, so nothing reorders, vanishes or turns into a space.
 * It wraps between tokens (`wrap-points.ts`), never inside one that fits on a line.
 */
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { codePointLabel, splitHidden } from '../../../common/hidden-code-points';
import { wrapPieces } from './wrap-points';
import './visible-text.css';

export function VisibleText({ text, multiline = false }: { text: string; multiline?: boolean }) {
  const parts = splitHidden(text, { multiline });
  return (
    <>
      {parts.map((part, index) => {
        if ('text' in part) return wrapping(part.text, index);
        const { code, name } = codePointLabel(part.hidden);
        return (
          <span key={index} className="visible-mark" title={`${code} ${name}`} data-code-point={code}>
            ⟨{code}⟩
          </span>
        );
      })}
    </>
  );
}

function wrapping(text: string, key: number): ReactNode {
  const pieces = wrapPieces(text);
  if (pieces.length === 1 && 'text' in pieces[0]! && !pieces[0].keep) return text;
  return (
    <Fragment key={key}>
      {pieces.map((piece, index) =>
        'wrap' in piece ? (
          <wbr key={index} />
        ) : piece.keep ? (
          <span key={index} className="keep-whole">
            {piece.text}
          </span>
        ) : (
          piece.text
        ),
      )}
    </Fragment>
  );
}
