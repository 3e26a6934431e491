import { toBase64Url } from '../core/devices/signing/base64url.ts';
import { canonicalString } from '../core/devices/signing/canonical-string.ts';
import { hashBody } from '../core/devices/signing/hash-body.ts';
import { AUTH_SCHEME, HEADERS } from '../core/devices/signing/headers.ts';
import type { DeviceIdentity } from './key-store.ts';

/** One request to sign. `url` must be the URL fetch will be given, so the signed path is the wire path. */
export type RequestToSign = {
  identity: DeviceIdentity;
  method: string;
  url: URL;
  body: Uint8Array;
  nowMs: number;
};

/**
 * Produces the five authentication headers of scheme P2M-DEVICE-V1 for a
 * request. The signed path is `url.pathname + url.search`, which is exactly
 * what fetch serialises as the request-target.
 */
export async function signRequest(req: RequestToSign): Promise<Record<string, string>> {
  const nonce = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  const timestamp = String(Math.floor(req.nowMs / 1000));
  const bodySha256 = await hashBody(req.body);
  const message = canonicalString({
    method: req.method.toUpperCase(),
    pathWithQuery: req.url.pathname + req.url.search,
    timestamp,
    nonce,
    bodySha256,
    deviceId: req.identity.deviceId,
  });
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    req.identity.keyPair.privateKey,
    new TextEncoder().encode(message),
  );
  return {
    [HEADERS.authorization]: `${AUTH_SCHEME} ${req.identity.deviceToken}`,
    [HEADERS.timestamp]: timestamp,
    [HEADERS.nonce]: nonce,
    [HEADERS.contentSha256]: bodySha256,
    [HEADERS.signature]: toBase64Url(new Uint8Array(signature)),
  };
}
