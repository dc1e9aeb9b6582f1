/**
 * The bridge token in a real gnome-keyring, through keytar, on a private D-Bus session. This file's process
 * talks to that bus only (see `useSessionBus`); the no-keychain case lives in keychain-absent.test.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Keytar from 'keytar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keychainAccount, KEYCHAIN_SERVICE, loadSystemKeychain } from '../../main/secrets/keychain';
import { forgetSecret, readSecret, writeSecret } from '../../main/secrets/secret-store';
import { TOKEN_FILE, loadOrCreateToken, rotateToken } from '../../main/secrets/token-store';
import { startKeyringSession, useSessionBus } from './keyring-session';
import type { KeyringSession } from './keyring-session';

let session: KeyringSession;
let keytar: typeof Keytar;
let home: string;

beforeAll(async () => {
  session = await startKeyringSession();
  useSessionBus(session.address);
  if (!(await loadSystemKeychain())) {
    throw new Error(
      'keytar did not load; it is built against libsecret-1-dev (reinstall it with npm rebuild keytar).',
    );
  }
  // The whole module, for deletePassword, which the token store never needs.
  keytar = (await import('keytar')).default;
});

afterAll(async () => {
  await session?.stop();
});

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'gatehouse-home-'));
  await keytar.deletePassword(KEYCHAIN_SERVICE, keychainAccount(home));
  return () => rm(home, { recursive: true, force: true });
});

/** Reads the entry from another process, so the token is shown to live in the keyring, not in this one. */
function readFromAnotherProcess(account = keychainAccount(home)): Promise<string> {
  const script = `require('keytar').getPassword(${JSON.stringify(KEYCHAIN_SERVICE)}, ${JSON.stringify(account)}).then((v) => process.stdout.write(String(v)))`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-e', script], {
      env: session.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', fail);
    child.once('close', (code) =>
      code === 0 ? done(out) : fail(new Error(`the reader exited with ${code}`)),
    );
  });
}

describe('the bridge token in gnome-keyring', () => {
  it('is created in the keyring, read back by another process, and never written to a file', async () => {
    const created = await loadOrCreateToken(home);
    expect(created).toEqual({ storage: 'keychain', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(await readFromAnotherProcess()).toBe(created.token);
    expect(await readdir(home)).toEqual([]);

    expect(await loadOrCreateToken(home)).toEqual(created);
  });

  it('moves a token an older Gatehouse left in the file into the keyring and removes the file', async () => {
    const old = 'o'.repeat(43);
    await writeFile(join(home, TOKEN_FILE), `${old}\n`, { mode: 0o600 });
    expect(await loadOrCreateToken(home)).toEqual({ storage: 'keychain', token: old });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, keychainAccount(home))).toBe(old);
    expect(await readdir(home)).toEqual([]);
  });

  it('rotates the token in the keyring, and the next load returns the new one', async () => {
    const before = await loadOrCreateToken(home);
    const rotated = await rotateToken(home);
    expect(rotated.storage).toBe('keychain');
    expect(rotated.token).not.toBe(before.token);
    expect(await readFromAnotherProcess()).toBe(rotated.token);
    expect(await loadOrCreateToken(home)).toEqual(rotated);
  });
});

describe('the Telegram bot token in gnome-keyring', () => {
  it('rests in its own entry, never in a file, and disconnecting forgets it', async () => {
    const secret = 'telegram-bot-token';
    const token = '123456:stand-in-bot-token-for-the-keyring';
    expect(await writeSecret(home, secret, token)).toBe('keychain');
    expect(await readFromAnotherProcess(keychainAccount(home, secret))).toBe(token);
    expect(await readdir(home)).toEqual([]);
    expect(await readSecret(home, secret)).toEqual({ value: token, storage: 'keychain' });

    await forgetSecret(home, secret);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, keychainAccount(home, secret))).toBeNull();
    expect(await readSecret(home, secret)).toBeUndefined();
  });
});
