import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * SHA-256 hex of a secret; secrets are looked up by this hash and never stored.
 * One-shot `hash()`: every authenticated request hashes its key, and a Hash object costs several times more.
 */
export const hashSecret = (secret: string): string => hash('sha256', secret, 'hex');

/** A new secret: a prefix and 32 random bytes, base64url. */
export const newSecret = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`;

/** Constant-time comparison of two strings of possibly different length. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
