import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quoteExec, xdgAutostart } from './xdg-autostart';

let configHome: string;
beforeEach(async () => {
  configHome = await mkdtemp(join(tmpdir(), 'gatehouse-autostart-'));
});
afterEach(() => rm(configHome, { recursive: true, force: true }));

describe('the XDG autostart entry', () => {
  it('is written when turned on, read back as on, and removed when turned off', () => {
    const item = xdgAutostart({ configHome, executable: '/opt/Gatehouse/gatehouse' });
    expect(item.get()).toBe(false);
    item.set(true);
    expect(item.get()).toBe(true);
    const entry = readFileSync(join(configHome, 'autostart', 'gatehouse.desktop'), 'utf8');
    expect(entry).toContain('[Desktop Entry]\nType=Application\nName=Gatehouse\n');
    expect(entry).toContain('Exec="/opt/Gatehouse/gatehouse"\n');
    item.set(false);
    expect(item.get()).toBe(false);
    item.set(false);
  });

  it('quotes the program path as the Desktop Entry spec asks', () => {
    expect(quoteExec('/home/a b/Gatehouse-$1 "x" `y`.AppImage')).toBe(
      '"/home/a b/Gatehouse-\\$1 \\"x\\" \\`y\\`.AppImage"',
    );
  });
});
