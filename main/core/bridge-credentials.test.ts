import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/support/temp-dir';
import { memoryKeychain, refusingKeychain } from '../../tests/support/test-core';
import type { KeychainLike } from '../secrets/keychain';
import { loadBridgeCredentials } from './bridge-credentials';
import { createConsoleWarnings } from './console-warnings';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

/** A keychain that refuses until `answers` is set, as one does before the person unlocks it. */
function lateKeychain(): KeychainLike & { answers: boolean } {
  const kept = memoryKeychain();
  const pick = () => (keychain.answers ? kept : refusingKeychain);
  const keychain = {
    answers: false,
    getPassword: (service: string, account: string) => pick().getPassword(service, account),
    setPassword: (service: string, account: string, password: string) =>
      pick().setPassword(service, account, password),
    deletePassword: (service: string, account: string) => pick().deletePassword(service, account),
  };
  return keychain;
}

describe('the bridge token’s warning', () => {
  it('says the token rests in a file, and goes once a rotation puts it in the keychain', async () => {
    const keychain = lateKeychain();
    const warnings = createConsoleWarnings();
    warnings.add({ code: 'settings-unreadable', path: 'settings.json', detail: 'x', fallback: 'x' });
    const credentials = await loadBridgeCredentials(dir.path, keychain, warnings);
    expect(warnings.list.map((warning) => warning.code)).toEqual(['settings-unreadable', 'token-in-file']);

    await credentials.rotate();
    expect(warnings.list.map((warning) => warning.code)).toEqual(['settings-unreadable', 'token-in-file']);

    keychain.answers = true;
    await credentials.rotate();
    expect(credentials.current().storage).toBe('keychain');
    expect(warnings.list.map((warning) => warning.code)).toEqual(['settings-unreadable']);
  });
});
