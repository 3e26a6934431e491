import { NONCE_MAX_CHARS, NONCE_MIN_CHARS, PATH_MAX_CHARS, SCHEME_TAG } from './headers.ts';

/** The signed fields of one request, as text exactly as they appear on the wire. */
export type SignedParts = {
  /** Upper-case HTTP method, e.g. `POST`. */
  method: string;
  /** Request-target as sent: path plus `?query`, percent-encoding untouched, no fragment. */
  pathWithQuery: string;
  /** `X-P2M-Timestamp` value: unix seconds in decimal, no sign, no leading zeros. */
  timestamp: string;
  /** `X-P2M-Nonce` value: base64url, 22–64 characters. */
  nonce: string;
  /** `X-P2M-Content-SHA256` value: 64 lowercase hex characters. */
  bodySha256: string;
  /** The device_id returned by POST /register; binds the signature to one device. */
  deviceId: string;
};

/** Name of the first field that fails its format rule. */
export type BadField = keyof SignedParts;

// Each rule admits no newline or other control character, so joining the
// fields with '\n' is unambiguous: no two part-lists give the same string.
const RULES: { [K in keyof SignedParts]: RegExp } = {
  method: /^[A-Z]{1,16}$/,
  pathWithQuery: new RegExp(`^/[\\x21-\\x22\\x24-\\x7E]{0,${PATH_MAX_CHARS - 1}}$`),
  timestamp: /^(0|[1-9][0-9]{0,11})$/,
  nonce: new RegExp(`^[A-Za-z0-9_-]{${NONCE_MIN_CHARS},${NONCE_MAX_CHARS}}$`),
  bodySha256: /^[0-9a-f]{64}$/,
  deviceId: /^[A-Za-z0-9._:-]{1,128}$/,
};

const ORDER: readonly (keyof SignedParts)[] = [
  'method',
  'pathWithQuery',
  'timestamp',
  'nonce',
  'bodySha256',
  'deviceId',
];

/** Returns the first malformed field, or undefined when every field is well-formed. */
export function findBadField(parts: SignedParts): BadField | undefined {
  return ORDER.find((key) => !RULES[key].test(parts[key]));
}

/**
 * Builds the string a device signs:
 * `P2M-DEVICE-V1\n<METHOD>\n<path?query>\n<timestamp>\n<nonce>\n<sha256 hex>\n<device_id>`
 * (no trailing newline). Throws a RangeError naming the field when one is
 * malformed, because signing or verifying an ambiguous string is never right.
 */
export function canonicalString(parts: SignedParts): string {
  const bad = findBadField(parts);
  if (bad !== undefined) throw new RangeError(`malformed signed field: ${bad}`);
  return [SCHEME_TAG, ...ORDER.map((key) => parts[key])].join('\n');
}
