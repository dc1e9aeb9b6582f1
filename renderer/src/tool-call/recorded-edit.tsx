import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { displayPath } from '../ui/names';
import { VisibleText } from '../ui/visible-text';
import { JsonInput } from './json-input';

interface Change {
  readonly removed: string;
  readonly added: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The replacements an edit-family call asked for, from its input alone; undefined for an unknown shape. */
export function changesOf(tool: string, input: Readonly<Record<string, unknown>>): Change[] | undefined {
  if (tool === 'Write') {
    const content = text(input.content);
    return content === undefined ? undefined : [{ removed: '', added: content }];
  }
  if (tool === 'NotebookEdit') {
    const source = text(input.new_source);
    return source === undefined ? undefined : [{ removed: '', added: source }];
  }
  const edits = tool === 'MultiEdit' && Array.isArray(input.edits) ? (input.edits as unknown[]) : [input];
  const changes = edits.map((edit) => {
    const fields = (edit ?? {}) as Record<string, unknown>;
    const removed = text(fields.old_string);
    const added = text(fields.new_string);
    return removed === undefined || added === undefined ? undefined : { removed, added };
  });
  return changes.every((change) => change !== undefined) ? changes : undefined;
}

const linesOf = (value: string) => (value === '' ? [] : value.split('\n'));

/**
 * A recorded edit: the file's path and what the call replaced with what, as the agent asked. History
 * cannot diff against the file, which has moved on since, so the lines carry no numbers.
 */
export function RecordedEdit({ request }: { request: PendingRequestView }) {
  const t = useT();
  const path = String(request.input.file_path ?? request.input.notebook_path ?? '');
  const changes = changesOf(request.tool, request.input);
  if (!changes) return <JsonInput request={request} recorded />;
  return (
    <div className="diff">
      <div className="diff__bar">
        <span className="diff__path" title={path}>
          <VisibleText text={displayPath(path, request.cwd)} />
        </span>
      </div>
      <p className="diff__note">{t('history.edit.recorded')}</p>
      {changes.map((change, index) => (
        <div
          key={index}
          className="diff__rows"
          role="region"
          aria-label={t('history.edit.edit', { number: index + 1 })}
          tabIndex={0}
          data-scroll-region=""
        >
          {linesOf(change.removed).map((line, i) => (
            <div key={`d${i}`} className="diff__line diff__line--del recorded-edit__line">
              <span className="diff__sign">−</span>
              <span className="diff__text">
                <VisibleText text={line} multiline />
              </span>
            </div>
          ))}
          {linesOf(change.added).map((line, i) => (
            <div key={`a${i}`} className="diff__line diff__line--add recorded-edit__line">
              <span className="diff__sign">+</span>
              <span className="diff__text">
                <VisibleText text={line} multiline />
              </span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
