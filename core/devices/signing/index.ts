/**
 * Device request signing (scheme P2M-DEVICE-V1): pure, transport-free pieces
 * for the REST middleware and the device client. See discovery/device-signing.md.
 */
export { fromBase64Url, toBase64Url } from './base64url.ts';
export { canonicalString, findBadField, type BadField, type SignedParts } from './canonical-string.ts';
export { EMPTY_BODY_SHA256, hashBody } from './hash-body.ts';
export * from './headers.ts';
export { jwkThumbprint } from './jwk-thumbprint.ts';
export type { NonceStore } from './nonce-store.ts';
export { parsePublicJwk, type JwkRejection, type P256PublicJwk, type ParsedJwk } from './parse-public-jwk.ts';
export {
  verifyDeviceSignature,
  type ReceivedBody,
  type VerifyFailureCode,
  type VerifyInput,
  type VerifyResult,
} from './verify-device-signature.ts';
