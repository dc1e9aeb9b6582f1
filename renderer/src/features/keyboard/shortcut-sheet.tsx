import { useEffect, useRef } from 'react';
import type { MessageKey } from '../../i18n/en';
import { useT } from '../../i18n/i18n-context';
import type { Command } from './keymap';
import { SHORTCUTS } from './keymap';
import './shortcut-sheet.css';

const LABEL: Record<Command, MessageKey> = {
  next: 'shortcuts.next',
  previous: 'shortcuts.previous',
  allow: 'shortcuts.allow',
  grant: 'shortcuts.grant',
  always: 'shortcuts.always',
  deny: 'shortcuts.deny',
  denyWithMessage: 'shortcuts.denyMessage',
  edit: 'shortcuts.edit',
  select: 'shortcuts.select',
  nextPart: 'shortcuts.nextPart',
  help: 'shortcuts.help',
  escape: 'shortcuts.escape',
};

/** The shortcut sheet: a modal dialog, opened with ?, closed with Escape or its button. */
export function ShortcutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="shortcut-sheet-title" onClose={onClose}>
      <div className="sheet__head">
        <h2 id="shortcut-sheet-title" className="sheet__title">
          {t('shortcuts.title')}
        </h2>
        <button type="button" className="button button--quiet" onClick={onClose}>
          {t('shortcuts.close')}
        </button>
      </div>
      <table className="sheet__table">
        <tbody>
          {SHORTCUTS.map(({ command, keys }) => (
            <tr key={command}>
              <td className="sheet__keys">
                {keys.map((key) => (
                  <kbd key={key}>{key}</kbd>
                ))}
              </td>
              <td>{t(LABEL[command])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="sheet__note">{t('shortcuts.note')}</p>
    </dialog>
  );
}
