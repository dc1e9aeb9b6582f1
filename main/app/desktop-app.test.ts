import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION } from '../../common/protocol';
import { makeTempDir } from '../../tests/support/temp-dir';
import { createFakeElectron, FakeBrowserWindow, FakeTray, FakeWebContents } from './testing/electron-fake';

const electron = createFakeElectron();
vi.mock('electron', () => electron);

let home: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  home = await makeTempDir();
  process.env.GATEHOUSE_HOME = home.path;
  const { startDesktopApp } = await import('./desktop-app');
  // The workers the core runs, as the build puts them beside the app's bundle.
  const cliDir = resolve('out/cli');
  if (!existsSync(cliDir)) throw new Error(`${cliDir} is missing; run npm run build first.`);
  await startDesktopApp({ cliDir });
});

afterAll(async () => {
  electron.app.emit('before-quit');
  await new Promise((r) => setTimeout(r, 50));
  delete process.env.GATEHOUSE_HOME;
  await home.remove();
});

const window = () => FakeBrowserWindow.instances[0]!;
const trustedEvent = (contents: FakeWebContents, url = 'gatehouse://app/index.html') => ({
  sender: contents,
  senderFrame: { url, parent: null },
});

describe('the desktop shell', () => {
  it('takes the single-instance lock and starts the console core', async () => {
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalled();
    const discovery = JSON.parse(await readFile(`${home.path}/bridge.json`, 'utf8'));
    expect(discovery).toMatchObject({ protocol: PROTOCOL_VERSION, pid: process.pid });
  });

  it('opens the queue window with secure defaults, without taking focus', () => {
    const prefs = window().options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(window().loadedUrl).toBe('gatehouse://app/index.html');
    window().emit('ready-to-show');
    expect(window().shownInactive).toBe(true);
  });

  it('serves the renderer on its own protocol, not file://', () => {
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'gatehouse' }),
    ]);
    expect(electron.protocol.handle).toHaveBeenCalledWith('gatehouse', expect.any(Function));
  });

  it('denies every permission request and check', () => {
    const callback = vi.fn();
    electron.session.defaultSession.permissionRequestHandler?.({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(electron.session.defaultSession.permissionCheckHandler?.({}, 'notifications')).toBe(false);
  });

  it('blocks navigation away from the app and every new window', () => {
    const contents = new FakeWebContents();
    electron.app.emit('web-contents-created', {}, contents);
    const away = { preventDefault: vi.fn() };
    contents.emit('will-navigate', away, 'https://evil.example/');
    expect(away.preventDefault).toHaveBeenCalled();
    const home = { preventDefault: vi.fn() };
    contents.emit('will-navigate', home, 'gatehouse://app/index.html');
    expect(home.preventDefault).not.toHaveBeenCalled();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('answers IPC only from its own window’s main frame on its own origin', async () => {
    const list = electron.ipcMain.handlers.get('queue:list')!;
    expect(await list(trustedEvent(window().webContents), {})).toEqual({ ok: true, value: [] });
    const stranger = new FakeWebContents();
    expect(await list(trustedEvent(stranger), {})).toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
    const subframe = {
      sender: window().webContents,
      senderFrame: { url: 'gatehouse://app/index.html', parent: {} },
    };
    expect(await list(subframe, {})).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    expect(await list(trustedEvent(window().webContents, 'https://evil.example/'), {})).toMatchObject({
      ok: false,
    });
  });

  it('validates IPC arguments before a handler sees them', async () => {
    const decide = electron.ipcMain.handlers.get('queue:decide')!;
    expect(await decide(trustedEvent(window().webContents), { id: 'x', behavior: 'maybe' })).toMatchObject({
      ok: false,
      error: { code: 'bad-arguments' },
    });
  });

  it('opens the Rules and History windows from the tray, each once, and brings an open one forward', () => {
    const tray = FakeTray.instances.at(-1)!;
    const click = (label: string) =>
      tray.contextMenu!.template.find((item) => item.label === label)!.click!();
    const before = FakeBrowserWindow.instances.length;
    click('Rules');
    click('History');
    const [rules, history] = FakeBrowserWindow.instances.slice(before);
    expect(rules!.loadedUrl).toBe('gatehouse://app/index.html?view=rules');
    expect(history!.loadedUrl).toBe('gatehouse://app/index.html?view=history');
    expect(rules!.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true });
    rules!.emit('ready-to-show');
    expect(rules!.shown).toBe(true);
    rules!.minimized = true;
    click('Rules');
    expect(FakeBrowserWindow.instances.length).toBe(before + 2);
    expect(rules!.minimized).toBe(false);
    expect(rules!.focused).toBe(true);
    rules!.close();
    click('Rules');
    expect(FakeBrowserWindow.instances.length).toBe(before + 3);
    expect(FakeBrowserWindow.instances.at(-1)!.loadedUrl).toBe('gatehouse://app/index.html?view=rules');
  });

  it('lets a window of its own ask for another view’s window, and answers in place for any other caller', async () => {
    const show = electron.ipcMain.handlers.get('console:show-view')!;
    const before = FakeBrowserWindow.instances.length;
    expect(await show(trustedEvent(window().webContents), { view: 'history' })).toEqual({
      ok: true,
      value: { shown: true },
    });
    expect(FakeBrowserWindow.instances.length).toBe(before);
    expect(FakeBrowserWindow.instances.find((w) => w.loadedUrl?.endsWith('?view=history'))!.focused).toBe(
      true,
    );
    expect(await show(trustedEvent(window().webContents), { view: 'rules', cwd: '/srv/app' })).toEqual({
      ok: true,
      value: { shown: true },
    });
    const rules = FakeBrowserWindow.instances.find(
      (w) => w.loadedUrl?.endsWith('?view=rules') && !w.destroyed,
    )!;
    expect(rules.webContents.sent).toContainEqual(['event:rules:show-folder', { cwd: '/srv/app' }]);
    expect(await show(trustedEvent(window().webContents), { view: 'billing' })).toMatchObject({
      ok: false,
      error: { code: 'bad-arguments' },
    });
  });

  it('quits at once when another instance holds the lock', async () => {
    vi.resetModules();
    electron.app.requestSingleInstanceLock.mockReturnValueOnce(false);
    const before = FakeBrowserWindow.instances.length;
    const { startDesktopApp } = await import('./desktop-app');
    await startDesktopApp();
    expect(electron.app.quit).toHaveBeenCalled();
    expect(FakeBrowserWindow.instances.length).toBe(before);
  });
});
