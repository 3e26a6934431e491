/**
 * Strict base64url (RFC 4648 §5, no padding) without Node built-ins, so the
 * browser client can share it. Decoding rejects non-canonical input because a
 * value that decodes to the same bytes from two spellings invites confusion in
 * anything that compares encoded strings.
 */

const ALPHABET = /^[A-Za-z0-9_-]*$/;

/** Encodes bytes as unpadded base64url. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes unpadded canonical base64url; returns undefined for anything else. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!ALPHABET.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return toBase64Url(bytes) === text ? bytes : undefined;
}
