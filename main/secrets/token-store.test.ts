import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keychainAccount, KEYCHAIN_SERVICE, KEYCHAIN_TIMEOUT_MS } from './keychain';
import type { KeychainLike } from './keychain';
import { TOKEN_FILE, loadOrCreateToken, rotateToken } from './token-store';
import { memoryKeychain as inMemory, refusingKeychain } from '../../tests/support/test-core';

let parent: string;
let home: string;
let tokenPath: string;

beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'gatehouse-token-'));
  home = join(parent, 'home');
  tokenPath = join(home, TOKEN_FILE);
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(parent, { recursive: true, force: true });
});

/** A keychain in memory, holding `initial` as this home's bridge token when given. */
const memoryKeychain = (initial?: string) =>
  inMemory(initial === undefined ? {} : { [`${KEYCHAIN_SERVICE}/${keychainAccount(home)}`]: initial });

/** What a locked Secret Service does: finds nothing, and refuses to store. */
const locked: KeychainLike = {
  getPassword: async () => null,
  setPassword: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
  deletePassword: async () => false,
};

const silent: KeychainLike = {
  getPassword: () => new Promise(() => {}),
  setPassword: () => new Promise(() => {}),
  deletePassword: () => new Promise(() => {}),
};

const stored = (keychain: ReturnType<typeof memoryKeychain>) =>
  keychain.entries.get(`${KEYCHAIN_SERVICE}/${keychainAccount(home)}`);
const OLD_TOKEN = 'o'.repeat(43);

describe('loadOrCreateToken with a keychain', () => {
  it('creates the token in the keychain, writes no file, and returns the same token next time', async () => {
    const keychain = memoryKeychain();
    const first = await loadOrCreateToken(home, { keychain });
    expect(first).toEqual({ storage: 'keychain', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(stored(keychain)).toBe(first.token);
    await expect(stat(tokenPath)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await loadOrCreateToken(home, { keychain })).toEqual(first);
  });

  it('moves a token left in the file into the keychain and removes the file', async () => {
    await mkdir(home, { recursive: true });
    await writeFile(tokenPath, `${OLD_TOKEN}\n`);
    const keychain = memoryKeychain();
    expect(await loadOrCreateToken(home, { keychain })).toEqual({ storage: 'keychain', token: OLD_TOKEN });
    expect(stored(keychain)).toBe(OLD_TOKEN);
    await expect(stat(tokenPath)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('prefers the keychain over a stale file, which it removes', async () => {
    await mkdir(home, { recursive: true });
    await writeFile(tokenPath, `${OLD_TOKEN}\n`);
    const kept = 'k'.repeat(43);
    expect(await loadOrCreateToken(home, { keychain: memoryKeychain(kept) })).toEqual({
      storage: 'keychain',
      token: kept,
    });
    await expect(stat(tokenPath)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('replaces an entry too short to be a token', async () => {
    const keychain = memoryKeychain('short');
    const { token } = await loadOrCreateToken(home, { keychain });
    expect(token).toHaveLength(43);
    expect(stored(keychain)).toBe(token);
  });
});

describe('loadOrCreateToken falling back to the file', () => {
  for (const [name, keychain] of [
    ['refuses', refusingKeychain],
    ['is locked', locked],
  ] as const) {
    it(`uses a 0600 file in a 0700 folder, with a warning, when the keychain ${name}`, async () => {
      const first = await loadOrCreateToken(home, { keychain });
      expect(first).toEqual({
        storage: 'file',
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        path: tokenPath,
        warning: `No keychain answered, so the bridge token is stored in ${tokenPath} (readable only by you).`,
      });
      expect((await stat(tokenPath)).mode & 0o777).toBe(0o600);
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      expect(await loadOrCreateToken(home, { keychain })).toEqual(first);
    });
  }

  it('gives up on a keychain that never answers after the time box', async () => {
    vi.useFakeTimers();
    const loading = loadOrCreateToken(home, { keychain: silent });
    await vi.advanceTimersByTimeAsync(KEYCHAIN_TIMEOUT_MS);
    expect(await loading).toMatchObject({ storage: 'file', path: tokenPath });
  });

  it('keeps the token of an existing file and makes the file private again', async () => {
    await mkdir(home, { recursive: true });
    await writeFile(tokenPath, `${OLD_TOKEN}\n`, { mode: 0o644 });
    expect(await loadOrCreateToken(home, { keychain: refusingKeychain })).toMatchObject({
      storage: 'file',
      token: OLD_TOKEN,
    });
    expect((await stat(tokenPath)).mode & 0o777).toBe(0o600);
  });

  it('does not hide a file it cannot read behind the fallback', async () => {
    await mkdir(tokenPath, { recursive: true });
    await expect(loadOrCreateToken(home, { keychain: memoryKeychain() })).rejects.toMatchObject({
      code: 'EISDIR',
    });
    await expect(loadOrCreateToken(home, { keychain: refusingKeychain })).rejects.toMatchObject({
      code: 'EISDIR',
    });
  });
});

describe('rotateToken', () => {
  it('replaces the token in the keychain', async () => {
    const keychain = memoryKeychain();
    const before = await loadOrCreateToken(home, { keychain });
    const rotated = await rotateToken(home, { keychain });
    expect(rotated.storage).toBe('keychain');
    expect(rotated.token).not.toBe(before.token);
    expect(stored(keychain)).toBe(rotated.token);
    expect(await loadOrCreateToken(home, { keychain })).toEqual(rotated);
  });

  it('replaces the token in the file when no keychain answers', async () => {
    const before = await loadOrCreateToken(home, { keychain: refusingKeychain });
    const rotated = await rotateToken(home, { keychain: refusingKeychain });
    expect(rotated).toMatchObject({ storage: 'file', path: tokenPath });
    expect(rotated.token).not.toBe(before.token);
    expect((await readFile(tokenPath, 'utf8')).trim()).toBe(rotated.token);
    expect((await stat(tokenPath)).mode & 0o777).toBe(0o600);
  });

  it('moves the token into a keychain that answers again, leaving no file behind', async () => {
    await loadOrCreateToken(home, { keychain: refusingKeychain });
    const keychain = memoryKeychain();
    const rotated = await rotateToken(home, { keychain });
    expect(rotated.storage).toBe('keychain');
    expect(stored(keychain)).toBe(rotated.token);
    await expect(stat(tokenPath)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
