import { describe, expect, it } from 'vitest';
import { commandFor, isTypingTarget } from './keymap';

const key = (
  k: string,
  target: unknown = document.body,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
) =>
  commandFor({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
    target: target as EventTarget,
  });

describe('the keyboard map', () => {
  it('maps the documented keys', () => {
    expect(
      ['j', 'ArrowDown', 'k', 'ArrowUp', 'a', 'A', 't', 'd', 'D', 'e', 'x', '?', 'Escape'].map((k) => key(k)),
    ).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'allow',
      'always',
      'grant',
      'deny',
      'denyWithMessage',
      'edit',
      'select',
      'help',
      'escape',
    ]);
  });

  it('never makes Return a command', () => {
    expect(key('Enter')).toBeUndefined();
    expect(key('Enter', document.createElement('button'))).toBeUndefined();
  });

  it('does nothing while the person types, or with a modifier held', () => {
    for (const tag of ['input', 'textarea', 'select'])
      expect(key('a', document.createElement(tag))).toBeUndefined();
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(editable)).toBe(true);
    expect(key('a', editable)).toBeUndefined();
    expect(key('a', document.body, { ctrlKey: true })).toBeUndefined();
    expect(key('d', document.body, { metaKey: true })).toBeUndefined();
  });

  it('leaves the arrows to a scrollable block with the focus, but not j and k', () => {
    const region = document.createElement('pre');
    region.setAttribute('data-scroll-region', '');
    const inner = document.createElement('code');
    region.append(inner);
    expect(key('ArrowDown', inner)).toBeUndefined();
    expect(key('ArrowUp', region)).toBeUndefined();
    expect(key('j', region)).toBe('next');
  });
});
