/**
 * Wire constants of the device signing scheme (P2M-DEVICE-V1).
 *
 * The REST middleware and the device client both read header names and limits
 * from here, so the two sides cannot drift. This file must stay free of Node
 * built-ins: client/ imports it and runs in browsers.
 */

/** Version tag that opens every canonical string. A new scheme gets a new tag. */
export const SCHEME_TAG = 'P2M-DEVICE-V1';

/** Authorization scheme word: `Authorization: Device <device_token>`. */
export const AUTH_SCHEME = 'Device';

/** Request header names. HTTP header names are case-insensitive; these are the canonical spellings. */
export const HEADERS = {
  authorization: 'Authorization',
  timestamp: 'X-P2M-Timestamp',
  nonce: 'X-P2M-Nonce',
  contentSha256: 'X-P2M-Content-SHA256',
  signature: 'X-P2M-Signature',
} as const;

/** Default accepted clock difference between client and server, in seconds (±5 min). */
export const CLOCK_WINDOW_SECONDS = 300;

/**
 * How long a claimed nonce must be remembered. A timestamp is accepted while
 * the server clock is within ±window of it, so a nonce first seen at the start
 * of that span must still be known at its end: 2 × window.
 */
export const NONCE_TTL_SECONDS = 2 * CLOCK_WINDOW_SECONDS;

/** Nonce length bounds in base64url characters (16 bytes = 22 chars; 48 bytes = 64 chars). */
export const NONCE_MIN_CHARS = 22;
export const NONCE_MAX_CHARS = 64;

/** Longest accepted request-target (path plus query) in the canonical string. */
export const PATH_MAX_CHARS = 2048;

/** Length of a base64url raw r‖s P-256 signature without padding (64 bytes). */
export const SIGNATURE_CHARS = 86;
