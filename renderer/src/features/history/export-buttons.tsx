import type { ExportFormatView } from '../../../../common/history-contract';
import { useT } from '../../i18n/i18n-context';
import { useHistory } from './history-context';
import { exportFileName } from './history-format';

const MIME: Record<ExportFormatView, string> = {
  jsonl: 'application/x-ndjson;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
};

/** Hands the browser a file to save; the object URL outlives the click only as long as the download needs. */
function download(parts: readonly string[], format: ExportFormatView) {
  const url = URL.createObjectURL(new Blob([...parts], { type: MIME[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(format, new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking in the same task can cancel the download in some browsers; the next task is late enough.
  setTimeout(() => URL.revokeObjectURL(url));
}

/** Export of what the filters select (everything without filters), as JSONL or CSV. */
export function ExportButtons() {
  const exporting = useHistory((s) => s.exporting);
  const exportSelection = useHistory((s) => s.exportSelection);
  return (
    <ExportFormats
      exporting={exporting}
      collect={exportSelection}
      label="history.export.label"
      hint="history.export.hint"
    />
  );
}

/**
 * The JSONL and CSV buttons for any export: `collect` gathers the file's pages (undefined when there is
 * nothing to save), which the browser is then handed as one file.
 */
export function ExportFormats({
  exporting,
  collect,
  label,
  hint,
}: {
  exporting: ExportFormatView | undefined;
  collect: (format: ExportFormatView) => Promise<readonly string[] | undefined>;
  /** What the group exports: History shows two groups of the same buttons, told apart by this. */
  label: 'history.export.label' | 'history.activity.exportLabel';
  hint: 'history.export.hint' | 'history.activity.exportHint';
}) {
  const t = useT();
  const run = async (format: ExportFormatView) => {
    const parts = await collect(format);
    if (parts) download(parts, format);
  };
  return (
    <div className="history__export" role="group" aria-label={t(label)} title={t(hint)}>
      {(['jsonl', 'csv'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button--small"
          disabled={exporting !== undefined}
          onClick={() => void run(format)}
        >
          {exporting === format ? t('history.export.busy') : t(`history.export.${format}`)}
        </button>
      ))}
    </div>
  );
}
