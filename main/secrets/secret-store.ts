/**
 * A named secret at rest (the Telegram bot token, say): in the OS keychain when one answers, otherwise a
 * 0600 file named after the secret in the 0700 home folder. It rests in one place only: a write to the
 * keychain removes the file, and forgetting removes both.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write';
import {
  askKeychain,
  keychainAccount,
  KEYCHAIN_SERVICE,
  KEYCHAIN_TIMEOUT_MS,
  KeychainUnavailableError,
  loadSystemKeychain,
} from './keychain';
import type { KeychainLike } from './keychain';

export interface SecretStoreOptions {
  /** The keychain to keep the secret in; the OS keychain through keytar when omitted. */
  readonly keychain?: KeychainLike;
  /** How long one keychain call may take before the file is used instead. */
  readonly keychainTimeoutMs?: number;
}

/** One secret's keychain entry, each call time-boxed and every failure a `KeychainUnavailableError`. */
export interface KeychainEntry {
  read(): Promise<string | null>;
  write(value: string): Promise<void>;
  remove(): Promise<void>;
}

export type SecretStorage = 'keychain' | 'file';

/** Runs `use` on the secret's keychain entry; undefined when there is no keychain or it did not answer. */
export async function withKeychain<T>(
  home: string,
  secret: string,
  options: SecretStoreOptions,
  use: (entry: KeychainEntry) => Promise<T>,
): Promise<T | undefined> {
  const keychain = options.keychain ?? (await loadSystemKeychain());
  if (!keychain) return undefined;
  const timeoutMs = options.keychainTimeoutMs ?? KEYCHAIN_TIMEOUT_MS;
  const account = keychainAccount(home, secret);
  const entry: KeychainEntry = {
    read: () => askKeychain(() => keychain.getPassword(KEYCHAIN_SERVICE, account), timeoutMs),
    write: (value) => askKeychain(() => keychain.setPassword(KEYCHAIN_SERVICE, account, value), timeoutMs),
    remove: async () => {
      await askKeychain(() => keychain.deletePassword(KEYCHAIN_SERVICE, account), timeoutMs);
    },
  };
  try {
    return await use(entry);
  } catch (error) {
    // Only the keychain's failures fall back; a file that cannot be read or removed is the caller's problem.
    if (error instanceof KeychainUnavailableError) return undefined;
    throw error;
  }
}

export async function readSecret(
  home: string,
  secret: string,
  options: SecretStoreOptions = {},
): Promise<{ readonly value: string; readonly storage: SecretStorage } | undefined> {
  const kept = await withKeychain(home, secret, options, async (entry) => (await entry.read()) ?? '');
  if (kept) return { value: kept, storage: 'keychain' };
  const fromFile = await readSecretFile(join(home, secret));
  return fromFile === undefined ? undefined : { value: fromFile, storage: 'file' };
}

export async function writeSecret(
  home: string,
  secret: string,
  value: string,
  options: SecretStoreOptions = {},
): Promise<SecretStorage> {
  const path = join(home, secret);
  const inKeychain = await withKeychain(home, secret, options, async (entry) => {
    await entry.write(value);
    await rm(path, { force: true });
    return true;
  });
  if (inKeychain) return 'keychain';
  await writeFileAtomic(path, `${value}\n`, { mode: 0o600, dirMode: 0o700 });
  return 'file';
}

/** Removes the secret from the keychain (when one answers) and from the file. */
export async function forgetSecret(
  home: string,
  secret: string,
  options: SecretStoreOptions = {},
): Promise<void> {
  await withKeychain(home, secret, options, (entry) => entry.remove());
  await rm(join(home, secret), { force: true });
}

async function readSecretFile(path: string): Promise<string | undefined> {
  try {
    const value = (await readFile(path, 'utf8')).trim();
    return value.length > 0 ? value : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
