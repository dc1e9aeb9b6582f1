/**
 * The keyboard map, as a pure function of a key event. Return is never a command (it must never mean
 * Allow), nothing fires while a person types in a field, and arrows stay with a scrollable block that has
 * the focus so its text can be read to the end.
 */
import type { Command } from '../../ui/shortcuts';

export { SHORTCUTS } from '../../ui/shortcuts';
export type { Command } from '../../ui/shortcuts';

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly target: EventTarget | null;
}

const BY_KEY: Readonly<Record<string, Command>> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  a: 'allow',
  A: 'always',
  t: 'grant',
  d: 'deny',
  D: 'denyWithMessage',
  e: 'edit',
  x: 'select',
  n: 'nextPart',
  '?': 'help',
  Escape: 'escape',
};

interface ElementLike {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
  closest?(selector: string): unknown;
}

/** A text field, a select or an editable region: keys there are the person's text, not shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as ElementLike | null;
  if (!element?.tagName) return false;
  const tag = element.tagName.toLowerCase();
  return tag === 'input' || tag === 'textarea' || tag === 'select' || element.isContentEditable === true;
}

function inScrollRegion(target: EventTarget | null): boolean {
  const element = target as ElementLike | null;
  return Boolean(element?.closest?.('[data-scroll-region]'));
}

export function commandFor(event: KeyLike): Command | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  if (isTypingTarget(event.target)) return undefined;
  const command = BY_KEY[event.key];
  if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && inScrollRegion(event.target))
    return undefined;
  return command;
}
