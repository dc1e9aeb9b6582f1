import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';

/** 32 bytes from the CSPRNG, URL-safe so it can sit in a header or a URL fragment unescaped. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Compares a presented token with the expected one in constant time. Both sides are hashed first so that
 * neither their lengths nor their contents shape the time taken.
 */
export function tokensEqual(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
