/**
 * The tray icon and its menu, drawn from main/tray/menu-model.ts and redrawn whenever a request arrives,
 * changes or is decided, or Do not disturb flips. A menu click answers as the tray racer, for the request
 * id the menu was drawn with.
 */
import type { Menu, MenuItemConstructorOptions, NativeImage, Tray } from 'electron';
import { join } from 'node:path';
import { defaultNeedsSecondLook } from '../notify';
import type { Notifier, SecondLook } from '../notify';
import type { RaceRegistry } from '../registry/race-registry';
import { trayModel } from '../tray/menu-model';
import type { MenuItemModel, TrayCommand, TrayIcon } from '../tray/menu-model';

/** The three parts of `electron` the tray uses, passed in so tests hand over fakes. */
export interface TrayElectron {
  readonly Tray: new (image: NativeImage) => Tray;
  readonly Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): Menu };
  readonly nativeImage: { createFromPath(path: string): NativeImage };
}

export interface LoginItem {
  get(): boolean;
  set(on: boolean): void;
}

export interface TrayOptions {
  readonly registry: Pick<RaceRegistry, 'added' | 'updated' | 'resolved' | 'pending' | 'decide'>;
  readonly notifier: Pick<Notifier, 'doNotDisturb' | 'setDoNotDisturb' | 'doNotDisturbChanged'>;
  /** Holds tray-idle.png, tray-waiting.png, tray-paused.png (and their @2x). */
  readonly iconDir: string;
  readonly needsSecondLook?: SecondLook;
  /** Absent where Gatehouse cannot start itself at login; the menu then leaves the item out. */
  readonly loginItem?: LoginItem;
  readonly platform: NodeJS.Platform;
  readonly onOpenConsole: (requestId?: string) => void;
  readonly onOpenRules: () => void;
  readonly onOpenHistory: () => void;
  readonly onQuit: () => void;
}

/** Packaged, the icons are extra resources beside app.asar; in development they are in the repository. */
export function trayIconDir(
  app: { readonly isPackaged: boolean; getAppPath(): string },
  resourcesPath: string | undefined,
): string {
  return app.isPackaged && resourcesPath
    ? join(resourcesPath, 'tray')
    : join(app.getAppPath(), 'resources', 'tray');
}

export function createTray(electron: TrayElectron, options: TrayOptions): { destroy(): void } {
  const { registry, notifier, loginItem, platform } = options;
  const needsSecondLook = options.needsSecondLook ?? defaultNeedsSecondLook;
  const images = new Map<TrayIcon, NativeImage>();
  const image = (icon: TrayIcon) => {
    let loaded = images.get(icon);
    if (!loaded) {
      loaded = electron.nativeImage.createFromPath(join(options.iconDir, `tray-${icon}.png`));
      images.set(icon, loaded);
    }
    return loaded;
  };
  // Windows and Linux read "&" in a label as a mnemonic marker; an agent's text must show as written.
  const label = (text: string) => (platform === 'darwin' ? text : text.replace(/&/g, '&&'));

  const run = (command: TrayCommand) => {
    switch (command.kind) {
      case 'approve':
      case 'deny':
        registry.decide(
          command.id,
          'tray',
          { behavior: command.kind === 'approve' ? 'allow' : 'deny' },
          'tray',
        );
        return;
      case 'open-request':
        options.onOpenConsole(command.id);
        return;
      case 'open-console':
        options.onOpenConsole();
        return;
      case 'open-rules':
        options.onOpenRules();
        return;
      case 'open-history':
        options.onOpenHistory();
        return;
      case 'toggle-do-not-disturb':
        notifier.setDoNotDisturb(!notifier.doNotDisturb);
        return;
      case 'toggle-launch-at-login':
        loginItem?.set(!loginItem.get());
        render();
        return;
      case 'quit':
        options.onQuit();
        return;
    }
  };

  const toElectron = (item: MenuItemModel): MenuItemConstructorOptions => {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'submenu':
        return { label: label(item.label), submenu: item.items.map(toElectron) };
      case 'checkbox': {
        const { command } = item;
        return {
          type: 'checkbox',
          label: label(item.label),
          checked: item.checked,
          click: () => run(command),
        };
      }
      case 'normal': {
        const { command } = item;
        // An item without a command is information, shown greyed out.
        return command
          ? { label: label(item.label), click: () => run(command) }
          : { label: label(item.label), enabled: false };
      }
    }
  };

  const tray = new electron.Tray(image('idle'));
  const model = () =>
    trayModel({
      pending: registry.pending(),
      paused: notifier.doNotDisturb,
      launchAtLogin: loginItem?.get(),
      needsSecondLook,
      now: Date.now(),
    });
  const render = () => {
    const drawn = model();
    tray.setImage(image(drawn.icon));
    tray.setToolTip(drawn.tooltip);
    if (platform === 'darwin') tray.setTitle(drawn.title);
    tray.setContextMenu(electron.Menu.buildFromTemplate(drawn.menu.map(toElectron)));
  };
  // The time left in the tooltip counts down; a menu rebuilt each second would close under the pointer.
  const clock = setInterval(() => {
    if (registry.pending().some((view) => view.deadline !== undefined)) tray.setToolTip(model().tooltip);
  }, 1000);
  clock.unref();
  // On Windows a left click on a tray icon is expected to open the app; elsewhere it opens the menu.
  if (platform === 'win32') tray.on('click', () => options.onOpenConsole());

  const stops = [
    registry.added.subscribe(render),
    registry.updated.subscribe(render),
    registry.resolved.subscribe(render),
    notifier.doNotDisturbChanged.subscribe(render),
  ];
  render();
  return {
    destroy() {
      clearInterval(clock);
      for (const stop of stops) stop();
      tray.destroy();
    },
  };
}
