import { useCallback, useMemo } from 'react';
import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { parseMcpName } from '../../../engine';
import { VisibleText } from '../ui/visible-text';
import { inputRows } from './input-rows';
import type { InputRow } from './input-rows';
import { ReviewRows } from './review-rows';
import { wrappedLines } from './review-parts';

/** An MCP call: which server, which tool, and its arguments as indented fields of text. */
export function McpInput({ request, recorded = false }: { request: PendingRequestView; recorded?: boolean }) {
  const t = useT();
  const name = parseMcpName(request.tool);
  const rows = useMemo(() => inputRows(request.input), [request.input]);
  const mustSee = useCallback(() => true, []);
  const startsGroup = useCallback((index: number) => rows[index]!.part, [rows]);
  const rowLines = useCallback(
    (index: number, columns: number) => {
      const row = rows[index]!;
      // An indent step is 14 px, about two characters, on every line; a key is followed by ": ".
      const lead = row.key === undefined ? 0 : row.key.length + 2;
      return row.text
        .split('\n')
        .reduce(
          (lines, line, at) => lines + wrappedLines(line, columns - 2 * (row.depth + 1), at === 0 ? lead : 0),
          0,
        );
    },
    [rows],
  );
  return (
    <div className="mcp">
      <dl className="fields">
        <dt>{t('mcp.server')}</dt>
        <dd>
          <strong>
            <VisibleText text={name?.server ?? ''} />
          </strong>
        </dd>
        <dt>{t('mcp.tool')}</dt>
        <dd>
          <code>
            <VisibleText text={name?.tool ?? ''} />
          </code>
        </dd>
      </dl>
      {rows.length === 0 ? (
        <p className="tree__empty">{t('mcp.empty')}</p>
      ) : (
        <ReviewRows
          request={request}
          recorded={recorded}
          count={rows.length}
          mustSee={mustSee}
          startsGroup={startsGroup}
          rowLines={rowLines}
          renderRow={(index) => <InputLine row={rows[index]!} />}
          unit="line"
          className="mcp__args"
          label={t('mcp.arguments')}
        />
      )}
    </div>
  );
}

/** One row of an input: its key where a value starts, and the value's text, indented by its depth. */
function InputLine({ row }: { row: InputRow }) {
  const indent = row.depth + (row.key === undefined && row.type !== 'branch' ? 1 : 0);
  return (
    <div className="input-row" style={{ paddingLeft: `${indent * 14}px` }}>
      {row.key !== undefined && <span className={row.index ? 'tree__index' : 'tree__key'}>{row.key}</span>}
      {row.type !== 'branch' && (
        <span className={`tree__leaf tree__leaf--${row.type}`}>
          <VisibleText text={row.text} multiline />
        </span>
      )}
    </div>
  );
}
