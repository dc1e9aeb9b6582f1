import { describe, expect, it } from 'vitest';
import { gatehouseHome } from './discovery';

describe('gatehouseHome', () => {
  it('prefers $GATEHOUSE_HOME', () => {
    expect(gatehouseHome({ env: { GATEHOUSE_HOME: '/g' }, platform: 'linux', homedir: '/home/u' })).toBe(
      '/g',
    );
  });
  it.each([
    ['linux', {}, '/home/u/.config/gatehouse'],
    ['linux', { XDG_CONFIG_HOME: '/xdg' }, '/xdg/gatehouse'],
    ['darwin', {}, '/home/u/Library/Application Support/Gatehouse'],
    ['win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'C:\\Users\\u\\AppData\\Roaming\\Gatehouse'],
  ])('uses the per-user app folder on %s', (platform, env, expected) => {
    expect(gatehouseHome({ env, platform, homedir: '/home/u' })).toBe(expected);
  });
});
