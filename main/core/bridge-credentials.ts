/**
 * The bridge token as it rests (keychain, or a file with a warning) and its rotation. The token's warning,
 * if any, is kept in the console's warnings and swapped when a rotation changes where the token rests.
 */
import { loadOrCreateToken, rotateToken } from '../secrets/token-store';
import type { StoredToken } from '../secrets/token-store';
import type { KeychainLike } from '../secrets/keychain';

export interface BridgeCredentials {
  current(): StoredToken;
  rotate(): Promise<StoredToken>;
}

const warningOf = (token: StoredToken) => (token.storage === 'file' ? token.warning : undefined);

export async function loadBridgeCredentials(
  home: string,
  keychain: KeychainLike | undefined,
  warnings: string[],
): Promise<BridgeCredentials> {
  const tokenOptions = keychain ? { keychain } : {};
  let stored = await loadOrCreateToken(home, tokenOptions);
  const first = warningOf(stored);
  if (first !== undefined) warnings.push(first);
  return {
    current: () => stored,
    async rotate() {
      const before = warningOf(stored);
      stored = await rotateToken(home, tokenOptions);
      const after = warningOf(stored);
      const at = before === undefined ? -1 : warnings.indexOf(before);
      if (at >= 0) warnings.splice(at, 1);
      if (after !== undefined) warnings.push(after);
      return stored;
    },
  };
}
