/**
 * The console core as the tests start it: with a keychain of the test's own, so that no test leaves a
 * `bridge-token:<temporary folder>` entry in the developer's real keyring. The keychain tests in
 * tests/system/ pass a real one explicitly.
 */
import { startConsoleCore } from '../../main/core/console-core';
import type { ConsoleCore, ConsoleCoreOptions } from '../../main/core/console-core';
import type { KeychainLike } from '../../main/secrets/keychain';

/** A keychain in memory: nothing reaches the developer's real one. */
export function memoryKeychain(): KeychainLike {
  const entries = new Map<string, string>();
  return {
    getPassword: (service, account) => Promise.resolve(entries.get(`${service}/${account}`) ?? null),
    setPassword: (service, account, password) => {
      entries.set(`${service}/${account}`, password);
      return Promise.resolve();
    },
    deletePassword: (service, account) => Promise.resolve(entries.delete(`${service}/${account}`)),
  };
}

export function startTestCore(options: ConsoleCoreOptions): Promise<ConsoleCore> {
  return startConsoleCore({ keychain: memoryKeychain(), ...options });
}
