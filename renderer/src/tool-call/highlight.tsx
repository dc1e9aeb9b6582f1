/**
 * Bash highlighting with Prism's core and its bash grammar (a few kilobytes, no dependencies). Prism's
 * tokens are rendered as React elements, never as HTML, so the command's text can never become markup.
 */
import './prism-manual';
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-bash';
import type { ReactNode } from 'react';
import { VisibleText } from '../ui/visible-text';

type Stream = string | Prism.Token | Array<string | Prism.Token>;

function render(stream: Stream, key: string): ReactNode {
  if (typeof stream === 'string') return <VisibleText key={key} text={stream} multiline />;
  if (Array.isArray(stream)) return stream.map((part, i) => render(part, `${key}.${i}`));
  const alias = Array.isArray(stream.alias) ? stream.alias : stream.alias ? [stream.alias] : [];
  const classes = ['tok', `tok-${stream.type}`, ...alias.map((a) => `tok-${a}`)].join(' ');
  return (
    <span key={key} className={classes}>
      {render(stream.content as Stream, key)}
    </span>
  );
}

export function highlightBash(command: string): ReactNode {
  const grammar = Prism.languages.bash;
  if (!grammar) return <VisibleText text={command} multiline />;
  return render(Prism.tokenize(command, grammar), 't');
}
