/**
 * The bridge token as it rests (keychain, or a file with a warning) and its rotation. The token's warning,
 * if any, is kept in the console's warnings and swapped when a rotation changes where the token rests.
 */
import { loadOrCreateToken, rotateToken } from '../secrets/token-store';
import type { StoredToken } from '../secrets/token-store';
import type { KeychainLike } from '../secrets/keychain';
import type { ConsoleWarning } from '../../common/console-contract';

export interface BridgeCredentials {
  current(): StoredToken;
  rotate(): Promise<StoredToken>;
}

const warningOf = (token: StoredToken): ConsoleWarning | undefined =>
  token.storage === 'file' ? { code: 'token-in-file', path: token.path, fallback: token.warning } : undefined;

export async function loadBridgeCredentials(
  home: string,
  keychain: KeychainLike | undefined,
  warnings: ConsoleWarning[],
): Promise<BridgeCredentials> {
  const tokenOptions = keychain ? { keychain } : {};
  let stored = await loadOrCreateToken(home, tokenOptions);
  const first = warningOf(stored);
  if (first !== undefined) warnings.push(first);
  return {
    current: () => stored,
    async rotate() {
      stored = await rotateToken(home, tokenOptions);
      const at = warnings.findIndex((warning) => warning.code === 'token-in-file');
      if (at >= 0) warnings.splice(at, 1);
      const after = warningOf(stored);
      if (after !== undefined) warnings.push(after);
      return stored;
    },
  };
}
