/**
 * Text exactly as it will run: every bidi control, zero-width, format or control code point is drawn as a
 * bordered ⟨U+XXXX⟩ chip instead of being obeyed, so nothing reorders, vanishes or turns into a space.
 */
import { codePointLabel, splitHidden } from '../../../common/hidden-code-points';
import './visible-text.css';

export function VisibleText({ text, multiline = false }: { text: string; multiline?: boolean }) {
  const parts = splitHidden(text, { multiline });
  if (parts.length === 1 && 'text' in parts[0]!) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) => {
        if ('text' in part) return part.text;
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
