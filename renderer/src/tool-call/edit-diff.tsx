import { useEffect, useMemo } from 'react';
import type { CSSProperties } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { DiffHunk, PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { usePrefs, useQueue } from '../store/store-context';
import type { DiffLayout } from '../store/prefs-store';
import { useWidth } from '../hooks/use-width';
import { displayPath } from '../ui/names';
import { DiffLayoutSwitch } from './diff-layout-switch';
import { splitRows, unifiedRows } from './diff-rows';
import { refusalNote } from './preview-refusal';
import type { HunkRow, SideCell, SplitRow, UnifiedRow } from './diff-rows';
import { VisibleText } from '../ui/visible-text';
import { useRefusalText } from '../ui/refusal-text';
import { MoreLinesCue, useSeenToEnd } from './seen-to-end';
import { JsonInput } from './json-input';

/** Up to this many rows render at once; a longer diff renders only the rows in view. */
const DIRECT_ROWS = 300;
const ROW_PX = 20;
const SIGN = { add: '+', del: '−', context: ' ' } as const;
/**
 * Side by side only where each side keeps nearly 40 columns of code; narrower (the tray's popover), two
 * 18-column halves would wrap every line, so the diff stays unified and the choice is not offered.
 */
const SPLIT_MIN_PX = 640;

/** What an edit-family call would change in the file on disk, from `queue:diff`. */
export function EditDiff({ request }: { request: PendingRequestView }) {
  const t = useT();
  const refused = useRefusalText();
  const diff = useQueue((s) => s.diffs[request.id]);
  const loadDiff = useQueue((s) => s.loadDiff);
  const preferred = usePrefs((s) => s.diffLayout);
  const { ref, width } = useWidth<HTMLDivElement>();
  const roomy = width !== undefined && width >= SPLIT_MIN_PX;
  useEffect(() => loadDiff(request.id), [loadDiff, request.id]);
  const path = String(request.input.file_path ?? request.input.notebook_path ?? '');

  if (!diff || diff.status === 'loading') return <p className="diff__note">{t('edit.loading')}</p>;
  // Without a diff the call's own input is shown, so what it writes can still be seen before an Allow.
  if (diff.status === 'failed')
    return (
      <div className="diff">
        <p className="diff__note">{refused(diff.error)}</p>
        <JsonInput request={request} />
      </div>
    );
  const preview = diff.preview;
  if (preview.kind === 'unavailable') {
    return (
      <div className="diff">
        <p className="diff__path" title={preview.path ?? path}>
          <VisibleText text={displayPath(preview.path ?? path, request.cwd)} />
        </p>
        <p className="diff__note">{refusalNote(t, preview)}</p>
        <JsonInput request={request} />
      </div>
    );
  }
  return (
    <div className="diff" ref={ref}>
      <div className="diff__bar">
        <span className="diff__path" title={preview.path}>
          <VisibleText text={displayPath(preview.path, request.cwd)} />
        </span>
        {preview.isNew && <span className="chip">{t('edit.newFile')}</span>}
        <span className="diff__stats">
          <span className="diff__added">{t('edit.added', { count: preview.added })}</span>
          <span className="diff__removed">{t('edit.removed', { count: preview.removed })}</span>
        </span>
        {roomy && <DiffLayoutSwitch />}
      </div>
      {preview.hunks.length === 0 ? (
        <p className="diff__note">{t('edit.noChange')}</p>
      ) : (
        <DiffRows
          request={request}
          hunks={preview.hunks}
          layout={preview.isNew || !roomy ? 'unified' : preferred}
          path={preview.path}
        />
      )}
    </div>
  );
}

function DiffRows({
  request,
  hunks,
  layout,
  path,
}: {
  request: PendingRequestView;
  hunks: readonly DiffHunk[];
  layout: DiffLayout;
  path: string;
}) {
  const t = useT();
  const rows = useMemo(() => (layout === 'split' ? splitRows(hunks) : unifiedRows(hunks)), [hunks, layout]);
  // The line-number columns are as wide as the largest number, not a fixed 40 px each: room for the code.
  const lastLine = hunks.reduce(
    (last, h) => Math.max(last, h.oldStart + h.oldLines, h.newStart + h.newLines),
    0,
  );
  const digits = String(lastLine).length;
  const { box, gated, hiddenLines, onScroll } = useSeenToEnd<HTMLDivElement>(request, rows.length);
  const virtual = rows.length > DIRECT_ROWS;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in this render only
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_PX,
    overscan: 20,
  });
  const renderRow = (row: UnifiedRow | SplitRow, key: number) =>
    row.kind === 'hunk' ? <HunkHeader key={key} row={row} /> : <LineRow key={key} row={row} />;

  return (
    <>
      <div
        ref={box}
        className={`diff__rows diff__rows--${layout}${gated ? ' unseen' : ''}`}
        style={{ '--diff-digits': digits } as CSSProperties}
        aria-label={t('edit.diff', { path })}
        role="region"
        tabIndex={0}
        data-scroll-region=""
        onScroll={onScroll}
      >
        {virtual ? (
          <div className="diff__spacer" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="diff__slot"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {renderRow(rows[item.index]!, item.index)}
              </div>
            ))}
          </div>
        ) : (
          rows.map(renderRow)
        )}
      </div>
      <MoreLinesCue gated={gated} hiddenLines={hiddenLines} />
    </>
  );
}

function HunkHeader({ row }: { row: HunkRow }) {
  const t = useT();
  return (
    <div className="diff__hunk">
      {t('edit.hunk', {
        oldStart: row.oldStart,
        oldEnd: row.oldEnd,
        newStart: row.newStart,
        newEnd: row.newEnd,
      })}
    </div>
  );
}

function LineRow({ row }: { row: Exclude<UnifiedRow | SplitRow, HunkRow> }) {
  if (row.kind === 'pair') {
    return (
      <div className="diff__pair">
        <SideHalf cell={row.left} />
        <SideHalf cell={row.right} />
      </div>
    );
  }
  return (
    <div className={`diff__line diff__line--${row.type}`}>
      <span className="diff__no">{row.oldNo ?? ''}</span>
      <span className="diff__no">{row.newNo ?? ''}</span>
      <span className="diff__sign">{SIGN[row.type]}</span>
      <span className="diff__text">
        <VisibleText text={row.text} multiline />
      </span>
    </div>
  );
}

function SideHalf({ cell }: { cell: SideCell | undefined }) {
  if (!cell) return <div className="diff__half diff__half--empty" />;
  return (
    <div className={`diff__half diff__line--${cell.type}`}>
      <span className="diff__no">{cell.no}</span>
      <span className="diff__sign">{SIGN[cell.type]}</span>
      <span className="diff__text">
        <VisibleText text={cell.text} multiline />
      </span>
    </div>
  );
}
