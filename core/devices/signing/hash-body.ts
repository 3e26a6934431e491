/** SHA-256 of the empty body, lowercase hex: the value GET and DELETE requests carry. */
export const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * SHA-256 of the exact body bytes as 64 lowercase hex characters, the form of
 * the `X-P2M-Content-SHA256` header. Uses WebCrypto so browsers can call it.
 */
export async function hashBody(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
