import { resolve } from 'node:path';
/** The part of keytar's API the token store uses; tests pass their own. */
export interface KeychainLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * Where a secret sits in the keychain: one entry per secret and Gatehouse home, so two consoles with their
 * own homes (a second profile, a test run) never share or overwrite each other's secrets.
 */
export const KEYCHAIN_SERVICE = 'gatehouse';
export const keychainAccount = (home: string, secret = 'bridge-token'): string =>
  `${secret}:${resolve(home)}`;

/** A locked or absent Secret Service can leave a call unanswered; past this the token goes to the file. */
export const KEYCHAIN_TIMEOUT_MS = 2_000;

let systemKeychain: Promise<KeychainLike | undefined> | undefined;

/**
 * The OS keychain through keytar, or undefined when keytar is not installed or its native part cannot load
 * (it is an optional dependency). Imported on first use, so a console that never asks pays nothing, and a
 * broken install costs a fallback instead of a crash at startup.
 */
export function loadSystemKeychain(): Promise<KeychainLike | undefined> {
  // keytar is CommonJS; Node's ESM loader exposes module.exports as the default export.
  systemKeychain ??= import('keytar').then(
    (module) => module.default,
    () => undefined,
  );
  return systemKeychain;
}

/** The keychain did not answer in time, or answered with an error; the caller falls back to the file. */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
}

/**
 * One keychain call, given up after `timeoutMs`. The native call cannot be cancelled: if it never returns
 * it keeps one libuv worker thread busy and the event loop alive, which is the price of not hanging the
 * console's startup on it (a short-lived command that gave up should end with process.exit).
 */
export async function askKeychain<T>(call: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new KeychainUnavailableError(`The keychain did not answer within ${timeoutMs} ms.`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([call(), deadline]);
  } catch (error) {
    if (error instanceof KeychainUnavailableError) throw error;
    throw new KeychainUnavailableError(
      `The keychain refused: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}
