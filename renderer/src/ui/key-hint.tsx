import { SHORTCUTS } from './shortcuts';
import type { Command } from './shortcuts';

const SHOWN: Readonly<Record<string, string>> = { Shift: '⇧' };

/** The key a button answers to, from the one keymap: seen on the button, kept out of its accessible name. */
export function KeyHint({ command }: { command: Command }) {
  const keys = SHORTCUTS.find((shortcut) => shortcut.command === command)?.keys;
  if (!keys?.[0]) return null;
  const shift = keys[0] === 'Shift';
  const label = shift ? `${SHOWN.Shift}${keys[1]?.toUpperCase() ?? ''}` : keys[0];
  return (
    <kbd className="key-hint" aria-hidden="true">
      {label}
    </kbd>
  );
}

/** The same key for `aria-keyshortcuts`, so assistive technology announces what the hint shows. */
export function ariaKeys(command: Command): string | undefined {
  const keys = SHORTCUTS.find((shortcut) => shortcut.command === command)?.keys;
  if (!keys?.[0]) return undefined;
  return keys[0] === 'Shift' ? `Shift+${keys[1]?.toUpperCase() ?? ''}` : keys[0];
}
