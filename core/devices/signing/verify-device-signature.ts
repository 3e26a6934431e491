import { fromBase64Url } from './base64url.ts';
import { canonicalString, findBadField, type SignedParts } from './canonical-string.ts';
import { hashBody } from './hash-body.ts';
import { CLOCK_WINDOW_SECONDS, SIGNATURE_CHARS } from './headers.ts';
import type { P256PublicJwk } from './parse-public-jwk.ts';

/** What the server actually received as body: the bytes, or their SHA-256 hex when hashed while streaming. */
export type ReceivedBody = { bytes: Uint8Array } | { sha256: string };

/**
 * Everything needed to check one request. Header-derived fields accept
 * `undefined` so the middleware can pass raw header values straight through
 * and get `malformed` for a missing header.
 */
export type VerifyInput = {
  /** The device's registered key (from the token lookup). */
  jwk: P256PublicJwk;
  /** The device_id the token resolved to. */
  deviceId: string;
  method: string;
  /** Raw request-target (Express: `req.originalUrl`; node:http: `req.url`). */
  pathWithQuery: string;
  timestamp: string | undefined;
  nonce: string | undefined;
  /** The X-P2M-Content-SHA256 header as sent. */
  bodySha256: string | undefined;
  signature: string | undefined;
  body: ReceivedBody;
  nowSeconds: number;
  /** Accepted |now − timestamp| in seconds; default {@link CLOCK_WINDOW_SECONDS}. */
  windowSeconds?: number;
};

/** Failure codes; all map to 401 except that a middleware may log them apart. */
export type VerifyFailureCode = 'malformed' | 'clock_skew' | 'bad_body_hash' | 'bad_signature';

/** Result of {@link verifyDeviceSignature}. `detail` is for logs, not for clients. */
export type VerifyResult = { ok: true } | { ok: false; code: VerifyFailureCode; detail: string };

/**
 * Verifies a device-signed request (scheme P2M-DEVICE-V1). Checks, cheapest
 * first: field formats, clock window, body hash, then the ES256 signature
 * (raw 64-byte r‖s, base64url). Both low-S and high-S signatures are accepted
 * because WebCrypto emits either; nothing may use a signature as an identifier
 * (replays are caught by the nonce). It does not claim the nonce: the caller
 * does that with a {@link NonceStore} after `ok: true`.
 */
export async function verifyDeviceSignature(input: VerifyInput): Promise<VerifyResult> {
  const { timestamp, nonce, bodySha256, signature } = input;
  if (timestamp === undefined || nonce === undefined || bodySha256 === undefined || signature === undefined) {
    return { ok: false, code: 'malformed', detail: 'missing signing header' };
  }
  const parts: SignedParts = {
    method: input.method,
    pathWithQuery: input.pathWithQuery,
    timestamp,
    nonce,
    bodySha256,
    deviceId: input.deviceId,
  };
  const bad = findBadField(parts);
  if (bad !== undefined) return { ok: false, code: 'malformed', detail: `malformed ${bad}` };
  const sigBytes = signature.length === SIGNATURE_CHARS ? fromBase64Url(signature) : undefined;
  if (sigBytes?.length !== 64)
    return { ok: false, code: 'malformed', detail: 'signature is not base64url r‖s' };

  const window = input.windowSeconds ?? CLOCK_WINDOW_SECONDS;
  if (Math.abs(input.nowSeconds - Number(timestamp)) > window) {
    return { ok: false, code: 'clock_skew', detail: `timestamp outside ±${window}s` };
  }
  const received = 'bytes' in input.body ? await hashBody(input.body.bytes) : input.body.sha256.toLowerCase();
  if (received !== bodySha256)
    return { ok: false, code: 'bad_body_hash', detail: 'body does not match hash' };

  const valid = await verifyEs256(input.jwk, sigBytes, canonicalString(parts));
  return valid ? { ok: true } : { ok: false, code: 'bad_signature', detail: 'signature does not verify' };
}

async function verifyEs256(jwk: P256PublicJwk, signature: Uint8Array, message: string): Promise<boolean> {
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    signature as Uint8Array<ArrayBuffer>,
    new TextEncoder().encode(message),
  );
}
