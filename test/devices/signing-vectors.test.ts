import { readFileSync } from 'node:fs';
import { calculateJwkThumbprint } from 'jose';
import { describe, expect, it } from 'vitest';
import { fromBase64Url } from '../../core/devices/signing/base64url.ts';
import { canonicalString } from '../../core/devices/signing/canonical-string.ts';
import { EMPTY_BODY_SHA256, hashBody } from '../../core/devices/signing/hash-body.ts';
import { jwkThumbprint } from '../../core/devices/signing/jwk-thumbprint.ts';
import { verifyDeviceSignature, type VerifyInput } from '../../core/devices/signing/verify-device-signature.ts';
import { signRequest } from '../../client/sign-request.ts';
import { TEST_DEVICE_ID, TEST_NOW, TEST_ONLY_PRIVATE_JWK, TEST_PUBLIC_JWK } from './test-key.ts';
import type { SigningVector, VectorFile } from './vector-types.ts';

const file = JSON.parse(
  readFileSync(new URL('./signing-vectors.json', import.meta.url), 'utf8'),
) as VectorFile;

function verifyVector(v: SigningVector, overrides: Partial<VerifyInput> = {}) {
  return verifyDeviceSignature({
    jwk: file.key.public_jwk,
    deviceId: v.device_id,
    method: v.method,
    pathWithQuery: v.path_with_query,
    timestamp: v.timestamp,
    nonce: v.nonce,
    bodySha256: v.body_sha256,
    signature: v.signature,
    body: { bytes: fromBase64Url(v.body_base64url)! },
    nowSeconds: file.now,
    windowSeconds: file.window_seconds,
    ...overrides,
  });
}

describe('signing vectors', () => {
  it('cover GET, JSON, multipart and at least ten negative cases', () => {
    expect(file.valid.map((v) => v.method)).toEqual(expect.arrayContaining(['GET', 'POST', 'DELETE']));
    expect(file.valid.some((v) => v.content_type?.startsWith('multipart/form-data'))).toBe(true);
    expect(file.invalid.length).toBeGreaterThanOrEqual(10);
  });

  it.each(file.valid)('$name: canonical string and body hash recompute', async (v) => {
    expect(await hashBody(fromBase64Url(v.body_base64url)!)).toBe(v.body_sha256);
    expect(
      canonicalString({
        method: v.method,
        pathWithQuery: v.path_with_query,
        timestamp: v.timestamp,
        nonce: v.nonce,
        bodySha256: v.body_sha256,
        deviceId: v.device_id,
      }),
    ).toBe(v.canonical_string);
  });

  it.each(file.valid)('$name: verifies', async (v) => {
    expect(await verifyVector(v)).toEqual({ ok: true });
  });

  it.each(file.invalid)('$name: fails with $expect', async (v) => {
    const result = await verifyVector(v);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.code).toBe(v.expect);
  });

  it('reports a missing header as malformed', async () => {
    const v = file.valid[0]!;
    const result = await verifyDeviceSignature({
      jwk: file.key.public_jwk,
      deviceId: v.device_id,
      method: v.method,
      pathWithQuery: v.path_with_query,
      timestamp: v.timestamp,
      nonce: undefined,
      bodySha256: v.body_sha256,
      signature: v.signature,
      body: { sha256: v.body_sha256 },
      nowSeconds: file.now,
    });
    expect(result).toMatchObject({ ok: false, code: 'malformed' });
  });

  it('rejects a valid signature checked against another key', async () => {
    const other = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const { x, y } = await crypto.subtle.exportKey('jwk', other.publicKey);
    const v = file.valid[1]!;
    const result = await verifyVector(v, {
      jwk: { kty: 'EC', crv: 'P-256', x: x!, y: y! },
      body: { sha256: v.body_sha256 },
    });
    expect(result).toMatchObject({ ok: false, code: 'bad_signature' });
  });
});

describe('canonical string', () => {
  // Written out by hand so a bug shared by generator and verifier cannot hide.
  it('matches the documented layout', () => {
    const s = canonicalString({
      method: 'GET',
      pathWithQuery: '/jobs?a=1',
      timestamp: '1767225600',
      nonce: 'AAAAAAAAAAAAAAAAAAAAAA',
      bodySha256: EMPTY_BODY_SHA256,
      deviceId: 'dev_1',
    });
    expect(s).toBe(
      `P2M-DEVICE-V1\nGET\n/jobs?a=1\n1767225600\nAAAAAAAAAAAAAAAAAAAAAA\n${EMPTY_BODY_SHA256}\ndev_1`,
    );
  });

  it.each([
    ['method', { method: 'get' }],
    ['pathWithQuery', { pathWithQuery: 'jobs' }],
    ['pathWithQuery', { pathWithQuery: '/jobs#frag' }],
    ['pathWithQuery', { pathWithQuery: '/jobs x' }],
    ['timestamp', { timestamp: '01767225600' }],
    ['timestamp', { timestamp: '-5' }],
    ['nonce', { nonce: 'A'.repeat(65) }],
    ['deviceId', { deviceId: 'dev\n1' }],
  ])('refuses a malformed %s', (field, patch) => {
    const base = {
      method: 'GET',
      pathWithQuery: '/jobs',
      timestamp: '1',
      nonce: 'A'.repeat(22),
      bodySha256: EMPTY_BODY_SHA256,
      deviceId: 'dev_1',
    };
    expect(() => canonicalString({ ...base, ...patch })).toThrow(`malformed signed field: ${field}`);
  });
});

describe('thumbprint', () => {
  it('agrees with jose (RFC 7638)', async () => {
    const expected = await calculateJwkThumbprint(TEST_PUBLIC_JWK, 'sha256');
    expect(await jwkThumbprint(TEST_PUBLIC_JWK)).toBe(expected);
    expect(file.key.thumbprint).toBe(expected);
  });
});

describe('client signing', () => {
  it('produces headers that verify on the server, including a fresh WebCrypto signature', async () => {
    const privateKey = await crypto.subtle.importKey(
      'jwk',
      TEST_ONLY_PRIVATE_JWK,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
    const publicKey = await crypto.subtle.importKey(
      'jwk',
      TEST_PUBLIC_JWK,
      { name: 'ECDSA', namedCurve: 'P-256' },
      true,
      ['verify'],
    );
    const body = new TextEncoder().encode('{"theme":"dark"}');
    const headers = await signRequest({
      identity: { deviceId: TEST_DEVICE_ID, deviceToken: 'tok_abc', keyPair: { privateKey, publicKey } },
      method: 'put',
      url: new URL('https://p2m.example/settings?x=%2F'),
      body,
      nowMs: TEST_NOW * 1000 + 999,
    });
    expect(headers.Authorization).toBe('Device tok_abc');
    expect(headers['X-P2M-Timestamp']).toBe(String(TEST_NOW));
    const result = await verifyDeviceSignature({
      jwk: TEST_PUBLIC_JWK,
      deviceId: TEST_DEVICE_ID,
      method: 'PUT',
      pathWithQuery: '/settings?x=%2F',
      timestamp: headers['X-P2M-Timestamp'],
      nonce: headers['X-P2M-Nonce'],
      bodySha256: headers['X-P2M-Content-SHA256'],
      signature: headers['X-P2M-Signature'],
      body: { bytes: body },
      nowSeconds: TEST_NOW,
    });
    expect(result).toEqual({ ok: true });
  });
});
