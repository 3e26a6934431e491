import type { VerifyFailureCode } from '../../core/devices/signing/verify-device-signature.ts';
import type { P256PublicJwk } from '../../core/devices/signing/parse-public-jwk.ts';

/**
 * One request as the server receives it. Header values are as sent;
 * `canonical_string` is what the signer signed (for negative vectors it can
 * differ from what the received fields would give).
 */
export type SigningVector = {
  name: string;
  description: string;
  expect: 'ok' | VerifyFailureCode;
  method: string;
  path_with_query: string;
  device_id: string;
  timestamp: string;
  nonce: string;
  body_sha256: string;
  signature: string;
  content_type: string | null;
  body_base64url: string;
  canonical_string: string;
};

/** Layout of signing-vectors.json. */
export type VectorFile = {
  _warning: string;
  scheme: string;
  window_seconds: number;
  now: number;
  key: { private_jwk_test_only: JsonWebKey; public_jwk: P256PublicJwk; thumbprint: string };
  valid: SigningVector[];
  invalid: SigningVector[];
};
