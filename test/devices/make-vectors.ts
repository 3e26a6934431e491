/**
 * Generates test/devices/signing-vectors.json for scheme P2M-DEVICE-V1.
 * Run: `node test/devices/make-vectors.ts`. ECDSA signatures are randomised,
 * so each run writes different (equally valid) signature values.
 */
import { writeFileSync } from 'node:fs';
import { fromBase64Url, toBase64Url } from '../../core/devices/signing/base64url.ts';
import { canonicalString, type SignedParts } from '../../core/devices/signing/canonical-string.ts';
import { hashBody } from '../../core/devices/signing/hash-body.ts';
import { jwkThumbprint } from '../../core/devices/signing/jwk-thumbprint.ts';
import { bigIntToBytes, bytesToBigInt, P256 } from '../../core/devices/signing/p256-curve.ts';
import { TEST_DEVICE_ID, TEST_NOW, TEST_ONLY_PRIVATE_JWK, TEST_PUBLIC_JWK } from './test-key.ts';
import type { SigningVector, VectorFile } from './vector-types.ts';

const enc = new TextEncoder();
const PDF = Uint8Array.from([
  ...enc.encode('%PDF-1.7\n'),
  0x00,
  0xff,
  0x0d,
  0x0a,
  0x80,
  ...enc.encode('\n%%EOF\n'),
]);
const BOUNDARY = 'p2m-VECTORboundary0123456789';
const MULTIPART = Uint8Array.from([
  ...enc.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="r\u00e9sum\u00e9 %22q%22.pdf"\r\n`,
  ),
  ...enc.encode('Content-Type: application/pdf\r\n\r\n'),
  ...PDF,
  ...enc.encode(`\r\n--${BOUNDARY}--\r\n`),
]);

type Req = {
  method: string;
  path: string;
  body: Uint8Array;
  contentType: string | null;
  timestamp: number;
  nonceSeed: number;
};

// Nonces are fixed (not random) so the file diffs only in signatures.
const nonceFor = (seed: number) =>
  toBase64Url(Uint8Array.from({ length: 16 }, (_, i) => (seed * 31 + i * 7) & 0xff));

async function signed(name: string, description: string, req: Req): Promise<SigningVector> {
  const parts: SignedParts = {
    method: req.method,
    pathWithQuery: req.path,
    timestamp: String(req.timestamp),
    nonce: nonceFor(req.nonceSeed),
    bodySha256: await hashBody(req.body),
    deviceId: TEST_DEVICE_ID,
  };
  const message = canonicalString(parts);
  const key = await crypto.subtle.importKey(
    'jwk',
    TEST_ONLY_PRIVATE_JWK,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const sig = new Uint8Array(
    await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, enc.encode(message)),
  );
  return {
    name,
    description,
    expect: 'ok',
    method: parts.method,
    path_with_query: parts.pathWithQuery,
    device_id: parts.deviceId,
    timestamp: parts.timestamp,
    nonce: parts.nonce,
    body_sha256: parts.bodySha256,
    signature: toBase64Url(sig),
    content_type: req.contentType,
    body_base64url: toBase64Url(req.body),
    canonical_string: message,
  };
}

/** The same signature with s replaced by n − s: also valid ECDSA (the other S form). */
function flipS(signature: string): string {
  const raw = fromBase64Url(signature)!;
  const s = bytesToBigInt(raw.subarray(32));
  return toBase64Url(Uint8Array.from([...raw.subarray(0, 32), ...bigIntToBytes(P256.n - s, 32)]));
}

function toDer(signature: string): string {
  const raw = fromBase64Url(signature)!;
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.subarray(i);
    return v[0]! & 0x80 ? [0x02, v.length + 1, 0, ...v] : [0x02, v.length, ...v];
  };
  const body = [...int(raw.subarray(0, 32)), ...int(raw.subarray(32))];
  return toBase64Url(Uint8Array.from([0x30, body.length, ...body]));
}

async function validVectors(): Promise<SigningVector[]> {
  const json = enc.encode(JSON.stringify({ url: 'https://example.org/paper.pdf?download=1' }));
  return [
    await signed('get-with-query', 'GET with a percent-encoded query; empty-body hash', {
      method: 'GET',
      path: '/jobs?status=ready&q=a%20b%2Fc',
      body: new Uint8Array(0),
      contentType: null,
      timestamp: TEST_NOW,
      nonceSeed: 1,
    }),
    await signed('post-json', 'POST /jobs with a JSON url', {
      method: 'POST',
      path: '/jobs',
      body: json,
      contentType: 'application/json',
      timestamp: TEST_NOW - 12,
      nonceSeed: 2,
    }),
    await signed('post-multipart', 'POST /jobs multipart with binary PDF bytes and a UTF-8 filename', {
      method: 'POST',
      path: '/jobs',
      body: MULTIPART,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      timestamp: TEST_NOW + 3,
      nonceSeed: 3,
    }),
    await signed('delete-edge-of-window', 'DELETE signed exactly 300 s before now: still inside the window', {
      method: 'DELETE',
      path: '/jobs/6f1c1f0e-3b1a-4a57-9f43-2f0f3d5e9a10',
      body: new Uint8Array(0),
      contentType: null,
      timestamp: TEST_NOW - 300,
      nonceSeed: 4,
    }),
  ];
}

async function invalidVectors(valid: SigningVector[]): Promise<SigningVector[]> {
  const [get, post, multi] = valid as [SigningVector, SigningVector, SigningVector];
  const other = enc.encode('{"url":"https://evil.example/x.pdf"}');
  const skewPast = await signed('skew-past', 'signed 301 s before now', {
    method: 'GET',
    path: '/jobs',
    body: new Uint8Array(0),
    contentType: null,
    timestamp: TEST_NOW - 301,
    nonceSeed: 5,
  });
  const skewFuture = await signed('skew-future', 'signed 301 s after now', {
    method: 'GET',
    path: '/jobs',
    body: new Uint8Array(0),
    contentType: null,
    timestamp: TEST_NOW + 301,
    nonceSeed: 6,
  });
  const bad = (
    base: SigningVector,
    name: string,
    expect: SigningVector['expect'],
    description: string,
    patch: Partial<SigningVector>,
  ): SigningVector => ({ ...base, ...patch, name, expect, description });
  return [
    bad(multi, 'tampered-body', 'bad_body_hash', 'one PDF byte changed; header hash is the original', {
      body_base64url: toBase64Url(MULTIPART.map((b, i) => (i === MULTIPART.length - 30 ? b ^ 1 : b))),
    }),
    bad(
      post,
      'tampered-body-rehashed',
      'bad_signature',
      'body replaced and hash header updated to match; signature covers the old hash',
      { body_base64url: toBase64Url(other), body_sha256: await hashBody(other) },
    ),
    bad(get, 'wrong-path', 'bad_signature', 'path differs from the signed one', {
      path_with_query: '/jobs?status=ready&q=a%20b/c',
    }),
    bad(get, 'reordered-query', 'bad_signature', 'same query parameters in another order', {
      path_with_query: '/jobs?q=a%20b%2Fc&status=ready',
    }),
    bad(post, 'wrong-method', 'bad_signature', 'PUT instead of the signed POST', { method: 'PUT' }),
    bad(get, 'other-device', 'bad_signature', 'token resolved to another device_id', {
      device_id: 'dev_someone_else',
    }),
    { ...skewPast, expect: 'clock_skew' },
    { ...skewFuture, expect: 'clock_skew' },
    bad(get, 'short-nonce', 'malformed', 'nonce of 15 bytes (20 chars)', { nonce: get.nonce.slice(0, 20) }),
    bad(get, 'der-signature', 'malformed', 'DER-encoded signature instead of raw r‖s', {
      signature: toDer(get.signature),
    }),
    bad(get, 'padded-signature', 'malformed', 'base64 padding on the signature', {
      signature: `${get.signature}==`,
    }),
    bad(get, 'uppercase-hash', 'malformed', 'body hash in upper-case hex', {
      body_sha256: get.body_sha256.toUpperCase(),
    }),
    bad(get, 'newline-in-path', 'malformed', 'a newline would make the canonical string ambiguous', {
      path_with_query: '/jobs\nx',
    }),
  ];
}

/** Builds the whole vector file. */
export async function buildVectors(): Promise<VectorFile> {
  const valid = await validVectors();
  const post = valid[1]!;
  valid.push({
    ...post,
    name: 'post-json-other-s',
    description: 'post-json with s replaced by n − s (the other S form) is accepted',
    signature: flipS(post.signature),
  });
  return {
    _warning: 'TEST-ONLY KEY. The private key below is public; never use it outside tests.',
    scheme: 'P2M-DEVICE-V1 (see discovery/device-signing.md)',
    window_seconds: 300,
    now: TEST_NOW,
    key: {
      private_jwk_test_only: TEST_ONLY_PRIVATE_JWK,
      public_jwk: TEST_PUBLIC_JWK,
      thumbprint: await jwkThumbprint(TEST_PUBLIC_JWK),
    },
    valid,
    invalid: await invalidVectors(valid),
  };
}

if (import.meta.main) {
  const file = new URL('./signing-vectors.json', import.meta.url);
  writeFileSync(file, `${JSON.stringify(await buildVectors(), null, 2)}\n`);
  console.log(`wrote ${file.pathname}`);
}
