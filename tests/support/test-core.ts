/**
 * The console core as the tests start it: with a keychain of the test's own, so that no test leaves a
 * `bridge-token:<temporary folder>` entry in the developer's real keyring. The keychain tests in
 * tests/system/ pass a real one explicitly.
 */
import { startConsoleCore } from '../../main/core/console-core';
import type { ConsoleCore, ConsoleCoreOptions } from '../../main/core/console-core';
import type { KeychainLike } from '../../main/secrets/keychain';

/** A keychain in memory, its entries open to the test: nothing reaches the developer's real one. */
export function memoryKeychain(
  initial: Readonly<Record<string, string>> = {},
): KeychainLike & { readonly entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getPassword: (service, account) => Promise.resolve(entries.get(`${service}/${account}`) ?? null),
    setPassword: (service, account, password) => {
      entries.set(`${service}/${account}`, password);
      return Promise.resolve();
    },
    deletePassword: (service, account) => Promise.resolve(entries.delete(`${service}/${account}`)),
  };
}

/** What keytar does with no Secret Service to reach: every call fails. */
export const refusingKeychain: KeychainLike = {
  getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  deletePassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
};

export function startTestCore(options: ConsoleCoreOptions): Promise<ConsoleCore> {
  return startConsoleCore({ keychain: memoryKeychain(), ...options });
}
