/**
 * Device tokens are `dvt_` plus 32 random bytes (base64url). Like API keys,
 * only their SHA-256 is stored and lookups go by hash. The prefix differs from
 * API keys (`p2m_`) so neither can be mistaken for the other.
 */
import { hashSecret, newSecret } from '../crypto/hash-secret.ts';

export const DEVICE_TOKEN_PREFIX = 'dvt_';
const TOKEN_SHAPE = /^dvt_[A-Za-z0-9_-]{43}$/;

export const newDeviceToken = (): string => newSecret(DEVICE_TOKEN_PREFIX);

/** The stored hash of a token, or null when the value cannot be a token at all. */
export const deviceTokenHash = (token: string): string | null => (TOKEN_SHAPE.test(token) ? hashSecret(token) : null);
