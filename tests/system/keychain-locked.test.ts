/**
 * A keyring that is there but locked (a desktop after screen lock, or a login that did not unlock it): the
 * Secret Service answers, finds nothing and refuses to store, so the token falls back to the file.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keychainAccount, KEYCHAIN_SERVICE, loadSystemKeychain } from '../../main/secrets/keychain';
import { TOKEN_FILE, loadOrCreateToken } from '../../main/secrets/token-store';
import { startKeyringSession, useSessionBus } from './keyring-session';
import type { KeyringSession } from './keyring-session';

let session: KeyringSession;
let home: string;

beforeAll(async () => {
  session = await startKeyringSession();
  useSessionBus(session.address);
  const keychain = await loadSystemKeychain();
  if (!keychain)
    throw new Error(
      'keytar did not load; it is built against libsecret-1-dev (reinstall it with npm rebuild keytar).',
    );
  home = await mkdtemp(join(tmpdir(), 'gatehouse-home-'));
  await keychain.setPassword(KEYCHAIN_SERVICE, keychainAccount(home), 'k'.repeat(43));
  await session.lockLoginKeyring();
});

afterAll(async () => {
  await session?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('the bridge token with a locked keyring', () => {
  it('falls back to the 0600 file with the warning', async () => {
    const path = join(home, TOKEN_FILE);
    const stored = await loadOrCreateToken(home);
    expect(stored).toMatchObject({ storage: 'file', path, warning: expect.stringContaining(path) });
    expect(await readFile(path, 'utf8')).toBe(`${stored.token}\n`);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
});
