import { useId, useState } from 'react';
import { useT } from '../../i18n/i18n-context';
import { useRules } from './rules-context';

/** The project folder: typed, or picked from the folders requests came from. */
export function FolderPicker() {
  const t = useT();
  const cwd = useRules((s) => s.cwd);
  const folders = useRules((s) => s.folders);
  const open = useRules((s) => s.open);
  const [text, setText] = useState(cwd ?? '');
  const inputId = useId();
  const listId = useId();
  // The field follows the folder when it is opened from elsewhere (the address, a reload).
  const [shown, setShown] = useState(cwd);
  if (cwd !== shown) {
    setShown(cwd);
    if (cwd !== undefined) setText(cwd);
  }

  return (
    <form
      className="rules-folder"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== '') void open(text.trim());
      }}
    >
      <label className="field rules-folder__field" htmlFor={inputId}>
        <span className="field__label">{t('rules.folder')}</span>
        <input
          id={inputId}
          className="input input--mono"
          list={listId}
          value={text}
          spellCheck={false}
          placeholder="/home/you/project"
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <datalist id={listId}>
        {folders.map((folder) => (
          <option key={folder} value={folder} />
        ))}
      </datalist>
      <button type="submit" className="button" disabled={text.trim() === ''}>
        {t('rules.open')}
      </button>
    </form>
  );
}
