import { useEffect } from 'react';
import type { QueueStore } from '../../store/queue-store';
import { ARM_MS } from '../../ui/use-armed';
import type { Command } from './keymap';
import { commandFor } from './keymap';

export interface KeyboardTargets {
  readonly store: QueueStore;
  /** Brings the cursor's card into view and focus after j/k. */
  readonly reveal: (id: string) => void;
  readonly sheetOpen: boolean;
  readonly setSheetOpen: (open: boolean) => void;
}

/** Commands that answer or open a panel on the cursor's card: they wait until the cursor has rested. */
const ON_CARD = new Set<Command>(['allow', 'grant', 'always', 'deny', 'denyWithMessage', 'edit', 'select']);

/** Runs one command against the store. Every answer names the cursor's request id, never "the first". */
export function runCommand(command: Command, targets: KeyboardTargets, now: number): boolean {
  const { store, reveal, sheetOpen, setSheetOpen } = targets;
  const state = store.getState();
  if (sheetOpen) {
    if (command !== 'escape' && command !== 'help') return false;
    setSheetOpen(false);
    return true;
  }
  if (command === 'help') {
    setSheetOpen(true);
    return true;
  }
  if (command === 'next' || command === 'previous') {
    state.moveCursor(command === 'next' ? 1 : -1);
    const cursor = store.getState().cursor;
    if (cursor) reveal(cursor);
    return cursor !== undefined;
  }
  const id = state.cursor;
  // Showing the next part of a long body answers nothing, so it need not wait for the cursor to rest.
  if (command === 'nextPart') {
    if (!id) return false;
    state.stepPart(id);
    return true;
  }
  if (command === 'escape') {
    if (id && state.panels[id]) state.closePanel(id);
    else if (Object.keys(state.selected).length) state.clearSelection();
    else return false;
    return true;
  }
  if (!id || !ON_CARD.has(command) || now - state.cursorAt < ARM_MS) return false;
  switch (command) {
    case 'allow':
      state.requestAllow(id, { kind: 'once' });
      break;
    case 'grant':
      state.openPanel(id, { kind: 'grant' });
      break;
    case 'always':
      state.openPanel(id, { kind: 'always' });
      break;
    case 'deny':
      void state.decide({ id, behavior: 'deny' });
      break;
    case 'denyWithMessage':
      state.openPanel(id, { kind: 'deny' });
      break;
    case 'edit':
      state.openPanel(id, { kind: 'edit' });
      break;
    default:
      state.toggleSelected(id);
  }
  return true;
}

/**
 * The queue's shortcuts: one listener, the pure keymap, and nothing while the person types or while another
 * view is showing.
 */
export function useKeyboard(targets: KeyboardTargets, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandFor(event);
      if (command && runCommand(command, targets, Date.now())) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [targets, enabled]);
}
