/**
 * The bridge token as it rests (keychain, or a file with a warning) and its rotation, which swaps the
 * warning when it changes where the token rests.
 */
import { loadOrCreateToken, rotateToken } from '../secrets/token-store';
import type { StoredToken } from '../secrets/token-store';
import type { KeychainLike } from '../secrets/keychain';
import type { ConsoleWarnings } from './console-warnings';

export interface BridgeCredentials {
  current(): StoredToken;
  rotate(): Promise<StoredToken>;
}

function warnWhereItRests(token: StoredToken, warnings: Pick<ConsoleWarnings, 'add'>): void {
  if (token.storage === 'file')
    warnings.add({ code: 'token-in-file', path: token.path, fallback: token.warning });
}

export async function loadBridgeCredentials(
  home: string,
  keychain: KeychainLike | undefined,
  warnings: Pick<ConsoleWarnings, 'add' | 'withdraw'>,
): Promise<BridgeCredentials> {
  const tokenOptions = keychain ? { keychain } : {};
  let stored = await loadOrCreateToken(home, tokenOptions);
  warnWhereItRests(stored, warnings);
  return {
    current: () => stored,
    async rotate() {
      stored = await rotateToken(home, tokenOptions);
      warnings.withdraw('token-in-file');
      warnWhereItRests(stored, warnings);
      return stored;
    },
  };
}
