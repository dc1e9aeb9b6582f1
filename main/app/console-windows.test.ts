import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserWindow } from 'electron';
import { createConsoleWindows } from './console-windows';
import { FakeBrowserWindow } from './testing/electron-fake';

let created: FakeBrowserWindow[];
const windows = () =>
  createConsoleWindows(FakeBrowserWindow as unknown as typeof BrowserWindow, {
    preloadPath: '/app/preload/index.cjs',
    entryUrl: 'gatehouse://app/index.html',
    onCreated: (window) => created.push(window as unknown as FakeBrowserWindow),
  });

beforeEach(() => {
  created = [];
});

describe('the console windows', () => {
  it('opens the queue at start without taking the keyboard, and a window asked for with it', () => {
    const set = windows();
    set.open('queue', { focus: false });
    set.open('history');
    const [queue, history] = created;
    queue!.emit('ready-to-show');
    history!.emit('ready-to-show');
    expect(queue!.shownInactive).toBe(true);
    expect(queue!.shown).toBe(false);
    expect(history!.shown).toBe(true);
    expect(history!.options).toMatchObject({ title: 'Gatehouse — History', minWidth: 420 });
  });

  it('opens a new queue window on the request it was asked to show', () => {
    windows().open('queue', { request: 'req 1' });
    expect(created[0]!.loadedUrl).toBe('gatehouse://app/index.html?request=req+1');
  });

  it('tells an open queue window which request to show, and brings it forward', () => {
    const set = windows();
    set.open('queue', { focus: false });
    set.open('queue', { request: 'r7' });
    expect(created).toHaveLength(1);
    expect(created[0]!.focused).toBe(true);
    expect(created[0]!.webContents.sent).toEqual([['event:queue:reveal', { id: 'r7' }]]);
  });

  it('opens the rule editor on a project folder, in a new window or the one already open', () => {
    const set = windows();
    set.open('rules', { cwd: '/srv/app' });
    expect(created[0]!.loadedUrl).toBe('gatehouse://app/index.html?view=rules&cwd=%2Fsrv%2Fapp');
    set.open('rules', { cwd: '/srv/other' });
    expect(created).toHaveLength(1);
    expect(created[0]!.webContents.sent).toEqual([['event:rules:show-folder', { cwd: '/srv/other' }]]);
  });
});
