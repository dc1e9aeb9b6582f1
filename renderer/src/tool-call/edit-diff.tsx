import { useCallback, useEffect, useMemo } from 'react';
import { withMarks } from '../../../common/hidden-code-points';
import type { CSSProperties } from 'react';
import type { DiffHunk, PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { usePrefs, useQueue } from '../store/store-context';
import type { DiffLayout } from '../store/prefs-store';
import { useWidth } from '../hooks/use-width';
import { displayPath } from '../ui/names';
import { DiffLayoutSwitch } from './diff-layout-switch';
import { isChange, splitRows, unifiedRows } from './diff-rows';
import { refusalNote } from './preview-refusal';
import type { FoldRow, HunkRow, SideCell, SplitRow, UnifiedRow } from './diff-rows';
import { VisibleText } from '../ui/visible-text';
import { useRefusalText } from '../ui/refusal-text';
import { JsonInput } from './json-input';
import { ReviewRows } from './review-rows';
import { changesOf } from './recorded-edit';
import { replacementRows } from './input-rows';

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
        <AsAsked request={request} />
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
        <AsAsked request={request} />
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
          oldLength={preview.oldLength}
          layout={preview.isNew || !roomy ? 'unified' : preferred}
          path={preview.path}
        />
      )}
    </div>
  );
}

/** Without a diff, what the call writes as it asked: its replacements, or its input for an unknown shape. */
function AsAsked({ request }: { request: PendingRequestView }) {
  const t = useT();
  const rows = useMemo(() => {
    const changes = changesOf(request.tool, request.input);
    return changes && replacementRows(changes);
  }, [request.tool, request.input]);
  const mustSee = useCallback(() => true, []);
  const startsGroup = useCallback(
    (index: number) => index > 0 && rows?.[index - 1]?.type !== rows?.[index]?.type,
    [rows],
  );
  if (!rows) return <JsonInput request={request} />;
  return (
    <ReviewRows
      request={request}
      count={rows.length}
      mustSee={mustSee}
      startsGroup={startsGroup}
      renderRow={(index) => <LineRow row={rows[index]!} />}
      unit="line"
      className="diff__rows diff__rows--unified diff__rows--asked"
      label={t('edit.asked')}
    />
  );
}

function DiffRows({
  request,
  hunks,
  oldLength,
  layout,
  path,
}: {
  request: PendingRequestView;
  hunks: readonly DiffHunk[];
  oldLength: number;
  layout: DiffLayout;
  path: string;
}) {
  const t = useT();
  const rows = useMemo(
    () => (layout === 'split' ? splitRows(hunks, oldLength) : unifiedRows(hunks, oldLength)),
    [hunks, oldLength, layout],
  );
  // The line-number columns are as wide as the largest number, not a fixed 40 px each: room for the code.
  const lastLine = hunks.reduce(
    (last, h) => Math.max(last, h.oldStart + h.oldLines, h.newStart + h.newLines),
    0,
  );
  const digits = String(lastLine).length;
  const mustSee = useCallback((index: number) => isChange(rows[index]!), [rows]);
  const startsGroup = useCallback((index: number) => rows[index]!.kind === 'hunk', [rows]);
  return (
    <ReviewRows
      request={request}
      count={rows.length}
      mustSee={mustSee}
      startsGroup={startsGroup}
      renderRow={(index) => <DiffRow row={rows[index]!} />}
      unit="change"
      className={`diff__rows diff__rows--${layout}`}
      style={{ '--diff-digits': digits } as CSSProperties}
      label={t('edit.diff', { path: withMarks(path) })}
    />
  );
}

function DiffRow({ row }: { row: UnifiedRow | SplitRow }) {
  if (row.kind === 'hunk') return <HunkHeader row={row} />;
  if (row.kind === 'fold') return <Fold row={row} />;
  return <LineRow row={row} />;
}

function Fold({ row }: { row: FoldRow }) {
  const t = useT();
  return <div className="diff__fold">{t('edit.folded', { count: row.count })}</div>;
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

function LineRow({ row }: { row: Exclude<UnifiedRow | SplitRow, HunkRow | FoldRow> }) {
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
