/**
 * docs/security.md, section 10: the tests that spawn `gatehouse serve` must not leave
 * `bridge-token:<temporary folder>` entries in the developer's real keyring. Here the developer's desktop is
 * a real, unlocked gnome-keyring on a private session bus, named in this process's environment as a desktop
 * session names it; the console the end-to-end harness spawns must still keep its token in a file of its own
 * home, and the keyring must hold no entry for that home.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Keytar from 'keytar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keychainAccount, KEYCHAIN_SERVICE } from '../../main/secrets/keychain';
import { TOKEN_FILE } from '../../main/secrets/token-store';
import { startServe } from '../e2e/console-process';
import { startKeyringSession, useSessionBus } from './keyring-session';
import type { KeyringSession } from './keyring-session';

let session: KeyringSession;
let keytar: typeof Keytar;

beforeAll(async () => {
  session = await startKeyringSession();
  useSessionBus(session.address);
  keytar = (await import('keytar')).default;
  // The keyring answers this process, so it would answer a child that inherited its environment.
  await keytar.setPassword(KEYCHAIN_SERVICE, 'reachable', 'yes');
  expect(await keytar.getPassword(KEYCHAIN_SERVICE, 'reachable')).toBe('yes');
});

afterAll(async () => {
  useSessionBus(undefined);
  await session?.stop();
});

it('a console the tests spawn keeps its token in its own home, not in the developer’s keyring', async () => {
  const served = await startServe();
  try {
    expect(existsSync(join(served.home, TOKEN_FILE))).toBe(true);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, keychainAccount(served.home))).toBeNull();
  } finally {
    await served.stop();
  }
});
