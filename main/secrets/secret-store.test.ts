import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keychainAccount, KEYCHAIN_SERVICE } from './keychain';
import { forgetSecret, readSecret, writeSecret } from './secret-store';
import { memoryKeychain, refusingKeychain } from '../../tests/support/test-core';

const SECRET = 'telegram-bot-token';
const VALUE = '123456:abcdefghijklmnopqrstuvwxyz';

let parent: string;
let home: string;

beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'gatehouse-secret-'));
  home = join(parent, 'home');
});
afterEach(() => rm(parent, { recursive: true, force: true }));

describe('a named secret', () => {
  it('rests in the keychain under its own entry, with no file, and is forgotten from there', async () => {
    const keychain = memoryKeychain();
    expect(await writeSecret(home, SECRET, VALUE, { keychain })).toBe('keychain');
    expect(keychain.entries.get(`${KEYCHAIN_SERVICE}/${keychainAccount(home, SECRET)}`)).toBe(VALUE);
    expect(keychain.entries.has(`${KEYCHAIN_SERVICE}/${keychainAccount(home)}`)).toBe(false);
    expect(await readdir(parent)).toEqual([]);
    expect(await readSecret(home, SECRET, { keychain })).toEqual({ value: VALUE, storage: 'keychain' });

    await forgetSecret(home, SECRET, { keychain });
    expect(keychain.entries.size).toBe(0);
    expect(await readSecret(home, SECRET, { keychain })).toBeUndefined();
  });

  it('falls back to a 0600 file when no keychain answers, and forgetting removes the file', async () => {
    expect(await writeSecret(home, SECRET, VALUE, { keychain: refusingKeychain })).toBe('file');
    const path = join(home, SECRET);
    expect((await readFile(path, 'utf8')).trim()).toBe(VALUE);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readSecret(home, SECRET, { keychain: refusingKeychain })).toEqual({
      value: VALUE,
      storage: 'file',
    });

    await forgetSecret(home, SECRET, { keychain: refusingKeychain });
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('moves out of the file once the keychain is back', async () => {
    await writeSecret(home, SECRET, VALUE, { keychain: refusingKeychain });
    const keychain = memoryKeychain();
    expect(await writeSecret(home, SECRET, VALUE, { keychain })).toBe('keychain');
    expect(await readdir(home)).toEqual([]);
  });
});
