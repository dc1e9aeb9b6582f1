import type { BrowserWindow as BrowserWindowType, BrowserWindowConstructorOptions } from 'electron';
import { eventIpcChannel } from '../../common/console-contract';
import { searchForView } from '../../common/console-views';
import type { View } from '../../common/console-views';

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

/** The queue is narrow enough to sit beside a terminal; the rule editor and history want room for tables. */
const FRAMES: Readonly<Record<View, { width: number; height: number; title: string }>> = {
  queue: { width: 960, height: 720, title: 'Gatehouse' },
  rules: { width: 1180, height: 780, title: 'Gatehouse — Rules' },
  history: { width: 1180, height: 780, title: 'Gatehouse — History' },
  suggestions: { width: 960, height: 720, title: 'Gatehouse — Suggestions' },
  settings: { width: 960, height: 720, title: 'Gatehouse — Settings' },
};

export interface ConsoleWindows {
  /**
   * Opens the view's window, or brings it forward if it is open. `focus: false` shows a new window without
   * taking the keyboard: the console opening at login must never steal it from the terminal. `request`
   * puts that request under the queue's cursor (a notification's or the tray's "Open"); `cwd` opens that
   * project folder in the rule editor.
   */
  open(view: View, options?: { focus?: boolean; request?: string; cwd?: string; rule?: string }): void;
}

/** One window per view, each opened once: asking again brings the same window forward. */
export function createConsoleWindows(
  BrowserWindow: typeof BrowserWindowType,
  options: {
    preloadPath: string;
    /** The renderer's entry page, without a query. */
    entryUrl: string;
    onCreated: (window: BrowserWindowType) => void;
  },
): ConsoleWindows {
  const open = new Map<View, BrowserWindowType>();
  return {
    open(view, { focus = true, request, cwd, rule } = {}) {
      const existing = open.get(view);
      if (existing && !existing.isDestroyed()) {
        if (existing.isMinimized()) existing.restore();
        existing.show();
        existing.focus();
        if (request !== undefined)
          existing.webContents.send(eventIpcChannel('queue:reveal'), { id: request });
        if (cwd !== undefined)
          existing.webContents.send(eventIpcChannel('rules:show-folder'), {
            cwd,
            ...(rule === undefined ? {} : { rule }),
          });
        return;
      }
      const frame = FRAMES[view];
      const window = new BrowserWindow({
        width: frame.width,
        height: frame.height,
        minWidth: 420,
        minHeight: 480,
        title: frame.title,
        show: false,
        webPreferences: secureWebPreferences(options.preloadPath),
      });
      open.set(view, window);
      window.once('closed', () => {
        if (open.get(view) === window) open.delete(view);
      });
      window.once('ready-to-show', () => (focus ? window.show() : window.showInactive()));
      options.onCreated(window);
      const search = searchForView(view, {
        ...(request === undefined ? {} : { request }),
        ...(cwd === undefined ? {} : { cwd }),
        ...(rule === undefined ? {} : { rule }),
      });
      void window.loadURL(`${options.entryUrl}${search}`);
    },
  };
}
