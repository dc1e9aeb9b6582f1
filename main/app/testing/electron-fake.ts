/**
 * A stand-in for the parts of `electron` main/app/ uses. Electron's binary cannot run on these machines, so
 * main/app/ tests mock the module with this and check what the shell asks of Electron.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly sent: Array<[string, unknown]> = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loadedUrl: string | undefined;
  shownInactive = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  shown = false;
  focused = false;
  minimized = false;
  destroyed = false;
  showInactive() {
    this.shownInactive = true;
  }
  show() {
    this.shown = true;
  }
  focus() {
    this.focused = true;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  /** What closing it does in Electron: destroyed, then `closed`. */
  close() {
    this.destroyed = true;
    this.emit('closed');
  }
}

export interface FakeMenuItem {
  readonly type?: string;
  readonly label?: string;
  readonly checked?: boolean;
  readonly enabled?: boolean;
  readonly click?: () => void;
  readonly submenu?: FakeMenuItem[];
}

/** What Menu.buildFromTemplate returns here: the template itself, so a test can read it and click items. */
export class FakeMenu {
  constructor(readonly template: FakeMenuItem[]) {}
  static buildFromTemplate(template: FakeMenuItem[]) {
    return new FakeMenu(template);
  }
}

export class FakeNativeImage {
  constructor(readonly path: string) {}
}

export class FakeTray extends EventEmitter {
  static instances: FakeTray[] = [];
  image: FakeNativeImage;
  toolTip = '';
  title = '';
  contextMenu: FakeMenu | undefined;
  destroyed = false;
  constructor(image: FakeNativeImage) {
    super();
    this.image = image;
    FakeTray.instances.push(this);
  }
  setImage(image: FakeNativeImage) {
    this.image = image;
  }
  setToolTip(toolTip: string) {
    this.toolTip = toolTip;
  }
  setTitle(title: string) {
    this.title = title;
  }
  setContextMenu(menu: FakeMenu) {
    this.contextMenu = menu;
  }
  destroy() {
    this.destroyed = true;
  }
}

export function createFakeElectron() {
  let openAtLogin = false;
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    whenReady: vi.fn(() => Promise.resolve()),
    getAppPath: vi.fn(() => '/app'),
    getLoginItemSettings: vi.fn(() => ({ openAtLogin })),
    setLoginItemSettings: vi.fn((settings: { openAtLogin: boolean }) => {
      openAtLogin = settings.openAtLogin;
    }),
  });
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handle: vi.fn((channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) =>
      handlers.set(channel, fn),
    ),
    removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
    handlers,
  };
  const defaultSession = {
    permissionRequestHandler: undefined as undefined | ((...a: unknown[]) => void),
    permissionCheckHandler: undefined as undefined | ((...a: unknown[]) => boolean),
    setPermissionRequestHandler(fn: (...a: unknown[]) => void) {
      this.permissionRequestHandler = fn;
    },
    setPermissionCheckHandler(fn: (...a: unknown[]) => boolean) {
      this.permissionCheckHandler = fn;
    },
  };
  const protocol = { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() };
  const net = { fetch: vi.fn() };
  const nativeImage = { createFromPath: (path: string) => new FakeNativeImage(path) };
  return {
    app,
    ipcMain,
    session: { defaultSession },
    protocol,
    net,
    BrowserWindow: FakeBrowserWindow,
    Tray: FakeTray,
    Menu: FakeMenu,
    nativeImage,
  };
}
