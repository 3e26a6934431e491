import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../db/rows.ts';
import { randomAddress, startV1 } from './support/v1-server.ts';

async function publicJwk(curve = 'P-256') {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: curve }, true, ['sign', 'verify']);
  return { pub: await crypto.subtle.exportKey('jwk', pair.publicKey), priv: await crypto.subtle.exportKey('jwk', pair.privateKey) };
}

// Each test posts from its own random address: limits live in a Redis shared by every test.
const post = (baseUrl: string, body: unknown, headers: Record<string, string> = { 'x-forwarded-for': randomAddress() }) =>
  fetch(`${baseUrl}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /register', () => {
  it('is idempotent by public key and rotates the token, revoking the old one', async () => {
    await using v1 = await startV1();
    const { pub } = await publicJwk();
    const key = { kty: pub.kty, crv: pub.crv, x: pub.x, y: pub.y };
    const first = (await (await post(v1.baseUrl, { public_key: key })).json()) as Record<string, string>;
    const again = await post(v1.baseUrl, { public_key: { ...key, key_ops: ['verify'], ext: true } });
    expect(again.status).toBe(200);
    const second = (await again.json()) as Record<string, string>;
    expect(second.device_id).toBe(first.device_id);
    expect(second.device_token).not.toBe(first.device_token);
    expect(second.device_token).toMatch(/^dvt_[A-Za-z0-9_-]{43}$/);
    const stored = await rows<{ token_hash: string; public_key: unknown }>(
      v1.env.runtime.db,
      sql`select token_hash, public_key from devices`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(second.device_token);
    expect(Object.keys(stored[0]!.public_key as object).sort()).toEqual(['crv', 'kty', 'x', 'y']);
  });

  it('an old token is refused after re-registration (401)', async () => {
    await using v1 = await startV1();
    const { client, storage } = await v1.device();
    const identity = (await storage.load())!;
    const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', identity.keyPair.publicKey);
    const res = await post(v1.baseUrl, { public_key: { kty, crv, x, y } });
    expect(((await res.json()) as { device_id: string }).device_id).toBe(identity.deviceId);
    await expect(client.listJobs()).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('refuses other curves, private keys, malformed keys and bodies with 400 bad_input', async () => {
    await using v1 = await startV1();
    const cases: [string, unknown][] = [
      ['another curve', { public_key: (await publicJwk('P-384')).pub }],
      ['a private key', { public_key: (await publicJwk()).priv }],
      ['an RSA-shaped key', { public_key: { kty: 'RSA', n: 'AQAB', e: 'AQAB' } }],
      ['a point off the curve', { public_key: { ...(await publicJwk()).pub, y: 'A'.repeat(43) } }],
      ['no key', {}],
      ['a non-JSON body', 'not json'],
    ];
    for (const [name, body] of cases) {
      const res = await post(v1.baseUrl, body);
      expect({ name, status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code }).toEqual({
        name,
        status: 400,
        code: 'bad_input',
      });
    }
  });

  it('limits registrations per address with 429 and Retry-After', async () => {
    await using v1 = await startV1({ P2M_REGISTER_PER_IP: '2', P2M_REGISTER_PER_NETWORK: '100' });
    const from = { 'x-forwarded-for': randomAddress() };
    for (let i = 0; i < 2; i++) expect((await post(v1.baseUrl, { public_key: (await publicJwk()).pub }, from)).status).toBe(200);
    const limited = await post(v1.baseUrl, { public_key: (await publicJwk()).pub }, from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit-policy')).toBe('"register-address";q=2;w=60');
    expect(limited.headers.get('ratelimit')).toMatch(/^"register-address";r=0;t=\d+$/);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });

  it('limits registrations per /24 network across addresses (X-Forwarded-For from a trusted proxy)', async () => {
    await using v1 = await startV1({ P2M_REGISTER_PER_IP: '5', P2M_REGISTER_PER_NETWORK: '2' });
    const net = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    expect((await post(v1.baseUrl, { public_key: (await publicJwk()).pub }, from(`${net}.1`))).status).toBe(200);
    expect((await post(v1.baseUrl, { public_key: (await publicJwk()).pub }, from(`${net}.2`))).status).toBe(200);
    const limited = await post(v1.baseUrl, { public_key: (await publicJwk()).pub }, from(`${net}.3`));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another network is unaffected.
    expect((await post(v1.baseUrl, { public_key: (await publicJwk()).pub }, from(randomAddress()))).status).toBe(200);
  });
});
