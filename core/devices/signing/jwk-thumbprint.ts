import { toBase64Url } from './base64url.ts';
import type { P256PublicJwk } from './parse-public-jwk.ts';

/**
 * RFC 7638 thumbprint of a P-256 public key: base64url SHA-256 of the JSON
 * object with exactly the members crv, kty, x, y in that (lexicographic) order
 * and no whitespace. Registration keys devices by it, so registering the same
 * public key twice finds the same device.
 */
export async function jwkThumbprint(jwk: P256PublicJwk): Promise<string> {
  // Built by hand rather than JSON.stringify(obj) so member order is fixed by
  // this line and not by whoever constructed the object.
  const json = `{"crv":${JSON.stringify(jwk.crv)},"kty":${JSON.stringify(jwk.kty)},"x":${JSON.stringify(jwk.x)},"y":${JSON.stringify(jwk.y)}}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(json));
  return toBase64Url(new Uint8Array(digest));
}
