/**
 * The electron-builder configuration, checked where installers cannot be built: it passes electron-builder's
 * own validation, names every target, references only files that exist, and keeps native code out of the
 * asar archive (a .node file or a helper executable cannot be loaded from inside it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, matchesGlob, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8'));
const require = createRequire(import.meta.url);

interface ExtraResource {
  readonly from: string;
  readonly to: string;
  readonly filter: readonly string[];
}

/** Every .node file under a folder, as a path relative to the project root. */
function nativeFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.node'))
    .map((path) => relative(root, join(folder, path)));
}

function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder.json', () => {
  it("passes electron-builder's own validation against its schema", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
    const { DebugLogger } = require('builder-util');
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the validation it relies on rejects a misspelt option', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
    const { DebugLogger } = require('builder-util');
    await expect(
      validateConfiguration(
        { ...config, linux: { ...config.linux, tagret: ['AppImage'] } },
        new DebugLogger(false),
      ),
    ).rejects.toThrow(/configuration\.linux/);
  });

  it('names Gatehouse and builds AppImage and deb, dmg, and NSIS', () => {
    expect(config).toMatchObject({ appId: 'dev.gatehouse.console', productName: 'Gatehouse' });
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('packs only the built app and package.json (production dependencies are added by electron-builder)', () => {
    expect(config.files).toEqual(['out/**', 'package.json']);
  });

  it('references only files that exist, with an app icon large enough for every platform', () => {
    for (const platform of ['linux', 'mac', 'win']) {
      const icon = join(root, config[platform].icon);
      expect(existsSync(icon), `${platform} icon ${config[platform].icon}`).toBe(true);
      const { width, height } = pngSize(icon);
      // electron-builder makes the .icns from a PNG of at least 512×512, and the .ico from one of 256×256.
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(512);
    }
    expect(existsSync(join(root, config.directories.buildResources))).toBe(true);
  });

  it('ships the tray icon of every state at 1x and 2x, where main/app/tray.ts looks for them', () => {
    const [tray] = config.extraResources as ExtraResource[];
    expect(tray).toMatchObject({ from: 'resources/tray', to: 'tray' });
    for (const state of ['idle', 'waiting', 'paused']) {
      expect(pngSize(join(root, tray!.from, `tray-${state}.png`))).toEqual({ width: 16, height: 16 });
      expect(pngSize(join(root, tray!.from, `tray-${state}@2x.png`))).toEqual({ width: 32, height: 32 });
      expect(tray!.filter.some((pattern) => matchesGlob(`tray-${state}.png`, pattern))).toBe(true);
    }
  });

  it('rebuilds native modules for Electron from source and unpacks them from the asar', () => {
    expect(config).toMatchObject({ npmRebuild: true, buildDependenciesFromSource: true, asar: true });
    const unpacked = (path: string) =>
      config.asarUnpack.some((pattern: string) => matchesGlob(path, pattern));
    const natives = ['better-sqlite3', 'keytar'].flatMap((name) =>
      nativeFiles(join(root, 'node_modules', name)),
    );
    expect(natives).toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    expect(natives).toContain('node_modules/keytar/build/Release/keytar.node');
    for (const path of natives) expect(unpacked(path), path).toBe(true);
    // node-notifier runs terminal-notifier and SnoreToast from its vendor folder.
    expect(unpacked('node_modules/node-notifier/vendor/snoreToast/snoretoast-x64.exe')).toBe(true);
  });

  it('turns off the Electron fuses a local console has no use for', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('recommends the programs Linux notifications and the keychain need', () => {
    expect(config.deb.recommends).toEqual(expect.arrayContaining(['libnotify-bin', 'libsecret-1-0']));
  });
});
