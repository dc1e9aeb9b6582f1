/**
 * No keychain answers: this file's process has no session bus at all (as over SSH or in CI), with real
 * keytar loaded. The token must land in a 0600 file with the warning the UI shows.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSystemKeychain } from '../../main/secrets/keychain';
import { TOKEN_FILE, loadOrCreateToken, rotateToken } from '../../main/secrets/token-store';
import { useSessionBus } from './keyring-session';

let root: string;
let parent: string;
/** Not created yet, so the test sees the folder mode the store gives it. */
let home: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'gatehouse-nobus-'));
  useSessionBus(undefined);
  // GDBus would also find a bus at $XDG_RUNTIME_DIR/bus, or start one for an X display.
  process.env.XDG_RUNTIME_DIR = root;
  delete process.env.DISPLAY;
  delete process.env.WAYLAND_DISPLAY;
  if (!(await loadSystemKeychain())) {
    throw new Error(
      'keytar did not load, so this would not test the fallback from a real keychain call; reinstall it with npm rebuild keytar.',
    );
  }
});

beforeEach(async () => {
  parent = await mkdtemp(join(root, 'home-'));
  home = join(parent, 'gatehouse');
});

afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the bridge token with no keychain', () => {
  it('rests in a file only its owner can read, with a warning for the UI', async () => {
    const path = join(home, TOKEN_FILE);
    const stored = await loadOrCreateToken(home);
    expect(stored).toEqual({
      storage: 'file',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      path,
      warning: `No keychain answered, so the bridge token is stored in ${path} (readable only by you).`,
    });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect((await readFile(path, 'utf8')).trim()).toBe(stored.token);
    expect(await loadOrCreateToken(home)).toEqual(stored);
  });

  it('rotates the token in the file', async () => {
    const before = await loadOrCreateToken(home);
    const rotated = await rotateToken(home);
    expect(rotated).toMatchObject({ storage: 'file', path: join(home, TOKEN_FILE) });
    expect(rotated.token).not.toBe(before.token);
    expect(await loadOrCreateToken(home)).toEqual(rotated);
    expect((await stat(join(home, TOKEN_FILE))).mode & 0o777).toBe(0o600);
  });
});
