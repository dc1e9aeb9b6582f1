/**
 * Launch at login on Linux: an XDG autostart entry, `<config>/autostart/gatehouse.desktop`, which GNOME, KDE,
 * Xfce and most other desktops start at login. Electron's own login items work on macOS and Windows only.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface XdgAutostartOptions {
  /** $XDG_CONFIG_HOME, or ~/.config. */
  readonly configHome: string;
  /** The program to start: the AppImage itself ($APPIMAGE) or the installed executable. */
  readonly executable: string;
}

/** Quoted as the Desktop Entry spec asks, so a path with spaces or `$` starts the right program. */
export function quoteExec(path: string): string {
  return `"${path.replace(/[\\"`$]/g, (char) => `\\${char}`)}"`;
}

export function xdgAutostart(options: XdgAutostartOptions): { get(): boolean; set(on: boolean): void } {
  const folder = join(options.configHome, 'autostart');
  const file = join(folder, 'gatehouse.desktop');
  return {
    get: () => existsSync(file),
    set(on) {
      if (!on) {
        rmSync(file, { force: true });
        return;
      }
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        file,
        [
          '[Desktop Entry]',
          'Type=Application',
          'Name=Gatehouse',
          'Comment=Approval console for AI coding agents',
          `Exec=${quoteExec(options.executable)}`,
          'Terminal=false',
          'X-GNOME-Autostart-enabled=true',
          '',
        ].join('\n'),
      );
    },
  };
}
