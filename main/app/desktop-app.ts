/**
 * The Electron shell, and the only place that imports `electron` (with the preload). It starts the same
 * console core as `gatehouse serve` and adds the window; everything below it is tested in plain Node.
 */
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  nativeImage,
  net,
  powerMonitor,
  protocol,
  session,
  Tray,
} from 'electron';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gatehouseHome } from '../../common/discovery';
import { HOOK_COPY_NAME, refreshHookCopy } from '../../files/hook-copy';
import {
  ACTIVITY_WORKER,
  DEFAULT_TIMEOUT_MS,
  PROPOSALS_WORKER,
  startConsoleCore,
} from '../core/console-core';
import { xdgAutostart } from '../tray/xdg-autostart';
import { APP_SCHEME_PRIVILEGES, serveAppProtocol } from './app-protocol';
import { createTrustedSenders, registerConsoleIpc, windowCaller } from './console-ipc';
import { hardenApp, hardenSession } from './hardening';
import { createConsoleWindows } from './console-windows';
import { createTray, trayIconDir } from './tray';
import type { LoginItem } from './tray';
import { APP_ENTRY } from './trusted-origin';

/**
 * `cliDir` is where the build puts the CLI's bundles (scripts/build-cli.mjs), out/cli/ beside this bundle:
 * the workers the core runs and the hook installed hooks run. A test of this shell from the sources points
 * it at the built out/cli/.
 */
export async function startDesktopApp({
  cliDir = join(import.meta.dirname, '../cli'),
}: { readonly cliDir?: string } = {}): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  hardenApp(app, devServerUrl);

  let release: (contents: { id: number }) => void = () => undefined;
  const senders = createTrustedSenders(devServerUrl, (contents) => release(contents));
  const windows = createConsoleWindows(BrowserWindow, {
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    entryUrl: devServerUrl ?? APP_ENTRY,
    onCreated: (window) => senders.add(window.webContents),
  });
  const openWindow = () => windows.open('queue');

  app.on('second-instance', openWindow);
  app.on('activate', openWindow);
  app.on('window-all-closed', () => undefined);

  await app.whenReady();
  hardenSession(session.defaultSession);
  serveAppProtocol(protocol, net, join(import.meta.dirname, '../renderer'));
  const home = gatehouseHome({ env: process.env, platform: process.platform, homedir: homedir() });
  const core = await startConsoleCore({
    home,
    port: 'remembered',
    timeoutMs: DEFAULT_TIMEOUT_MS,
    timeoutAction: 'passthrough',
    notifications: {},
    showView: (view, options) => windows.open(view, options),
    // Input anywhere on the desktop, not only in the console's windows.
    idleMs: () => powerMonitor.getSystemIdleTime() * 1_000,
    proposalsWorker: pathToFileURL(join(cliDir, `${PROPOSALS_WORKER}.mjs`)),
    activityWorker: pathToFileURL(join(cliDir, `${ACTIVITY_WORKER}.mjs`)),
  });
  // The build ships the hook beside the main bundle (out/cli/): installed hooks run the copy this refreshes.
  void refreshHookCopy(home, join(cliDir, HOOK_COPY_NAME)).then((problem) => {
    if (problem) console.error(`Gatehouse: ${problem}`);
  });
  core.notifier?.opened.subscribe(({ id }) => windows.open('queue', id === undefined ? {} : { request: id }));
  const loginItem = launchAtLogin();
  const tray = core.notifier
    ? createTray(
        { Tray, Menu, nativeImage },
        {
          registry: core.registry,
          notifier: core.notifier,
          iconDir: trayIconDir(app, process.resourcesPath),
          platform: process.platform,
          ...(loginItem ? { loginItem } : {}),
          onOpenConsole: (request) => windows.open('queue', request === undefined ? {} : { request }),
          onOpenRules: () => windows.open('rules'),
          onOpenHistory: () => windows.open('history'),
          onQuit: () => app.quit(),
        },
      )
    : undefined;
  app.on('before-quit', () => {
    tray?.destroy();
    void core.close();
  });
  release = (contents) => core.service.disconnect(windowCaller(contents));
  registerConsoleIpc(ipcMain, core.service, senders);
  windows.open('queue', { focus: false });
}

/**
 * Electron's login items on macOS and Windows, an XDG autostart entry on Linux. A development run has no
 * program that would start it again, so it offers none.
 */
function launchAtLogin(): LoginItem | undefined {
  if (!app.isPackaged) return undefined;
  if (process.platform === 'darwin' || process.platform === 'win32') {
    return {
      get: () => app.getLoginItemSettings().openAtLogin,
      set: (on) => app.setLoginItemSettings({ openAtLogin: on }),
    };
  }
  if (process.platform !== 'linux') return undefined;
  return xdgAutostart({
    configHome: process.env.XDG_CONFIG_HOME || join(homedir(), '.config'),
    executable: process.env.APPIMAGE ?? process.execPath,
  });
}
