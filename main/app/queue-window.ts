import type { BrowserWindow as BrowserWindowType, BrowserWindowConstructorOptions } from 'electron';

/** Secure defaults, set explicitly even where they are Electron's defaults (checklist items 2–4). */
export function secureWebPreferences(
  preloadPath: string,
): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
  };
}

export function createQueueWindow(
  BrowserWindow: typeof BrowserWindowType,
  options: { preloadPath: string; url: string },
): BrowserWindowType {
  const window = new BrowserWindow({
    width: 960,
    height: 720,
    minWidth: 420,
    minHeight: 480,
    title: 'Gatehouse',
    show: false,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  // Shown without focus: an approval console must never steal the keyboard from the terminal.
  window.once('ready-to-show', () => window.showInactive());
  void window.loadURL(options.url);
  return window;
}
