import type { P256PublicJwk } from '../../core/devices/signing/parse-public-jwk.ts';

/**
 * TEST-ONLY P-256 key pair. Its private half is published in this repository
 * and in signing-vectors.json; it must never identify a real device.
 */
export const TEST_ONLY_PRIVATE_JWK = {
  kty: 'EC',
  crv: 'P-256',
  x: 'B78M6CoLfaK5AKZOpD8UryMk25Fgifvge9eiVj88-iE',
  y: 'QxwN5DhE6z720CPTOlwc1zXEVuuds7SXrtgUfLVZr-A',
  d: 'adsnbwExINJ9Ygweti22m2FvSx8HqhkZvTJqf2pmHH0',
} as const;

/** Public half of {@link TEST_ONLY_PRIVATE_JWK}. */
export const TEST_PUBLIC_JWK: P256PublicJwk = {
  kty: 'EC',
  crv: 'P-256',
  x: TEST_ONLY_PRIVATE_JWK.x,
  y: TEST_ONLY_PRIVATE_JWK.y,
};

/** device_id the vectors are signed for. */
export const TEST_DEVICE_ID = 'dev_0f8a7c1e2b3d4f5a';

/** Server clock of the vectors: 2026-01-01T00:00:00Z. */
export const TEST_NOW = 1767225600;
