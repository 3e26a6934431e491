import { fromBase64Url } from './base64url.ts';
import { bytesToBigInt, isOnP256 } from './p256-curve.ts';

/** A validated EC P-256 public key in its minimal JWK form (the RFC 7638 members). */
export type P256PublicJwk = { kty: 'EC'; crv: 'P-256'; x: string; y: string };

/** Why a submitted key was refused. Each maps to a 400 at registration. */
export type JwkRejection =
  | 'not_object'
  | 'private_key'
  | 'wrong_kty'
  | 'wrong_curve'
  | 'missing_coordinate'
  | 'bad_coordinate'
  | 'not_on_curve'
  | 'bad_alg'
  | 'bad_use';

/** Result of {@link parsePublicJwk}. */
export type ParsedJwk =
  { ok: true; jwk: P256PublicJwk } | { ok: false; reason: JwkRejection; message: string };

const fail = (reason: JwkRejection, message: string): ParsedJwk => ({ ok: false, reason, message });

/**
 * Validates an untrusted value as an EC P-256 public JWK for ES256 and returns
 * it reduced to `{kty, crv, x, y}`, so stored keys and thumbprints never carry
 * client-chosen extras. Refuses private keys (a `d` member) outright: a client
 * that sends one has leaked it, and storing it would spread the leak.
 * Optional `alg`, `use`, `key_ops`, `ext`, `kid` are checked when present;
 * other members are ignored as RFC 7517 §4 requires.
 */
export function parsePublicJwk(input: unknown): ParsedJwk {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail('not_object', 'public_key must be a JWK object');
  }
  const jwk = input as Record<string, unknown>;
  if ('d' in jwk) return fail('private_key', 'public_key contains private key material ("d")');
  if (jwk.kty !== 'EC') return fail('wrong_kty', 'public_key.kty must be "EC"');
  if (jwk.crv !== 'P-256') return fail('wrong_curve', 'public_key.crv must be "P-256"');
  if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    return fail('missing_coordinate', 'public_key.x and public_key.y are required strings');
  }
  const x = fromBase64Url(jwk.x);
  const y = fromBase64Url(jwk.y);
  if (x?.length !== 32 || y?.length !== 32) {
    return fail('bad_coordinate', 'public_key.x and public_key.y must be 32-byte base64url values');
  }
  if (!isOnP256(bytesToBigInt(x), bytesToBigInt(y))) {
    return fail('not_on_curve', 'public_key is not a point on P-256');
  }
  if (jwk.alg !== undefined && jwk.alg !== 'ES256') return fail('bad_alg', 'public_key.alg must be "ES256"');
  if (!usageAllowsVerify(jwk)) return fail('bad_use', 'public_key must be usable for signature verification');
  return { ok: true, jwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } };
}

// WebCrypto exports a public key with key_ops ["verify"]; hand-made JWKs may
// carry use "sig". Anything declaring another purpose is a different key.
function usageAllowsVerify(jwk: Record<string, unknown>): boolean {
  if (jwk.use !== undefined && jwk.use !== 'sig') return false;
  if (jwk.key_ops === undefined) return true;
  return Array.isArray(jwk.key_ops) && jwk.key_ops.length > 0 && jwk.key_ops.every((op) => op === 'verify');
}
