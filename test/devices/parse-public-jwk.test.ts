import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../core/devices/signing/base64url.ts';
import { bigIntToBytes, P256 } from '../../core/devices/signing/p256-curve.ts';
import { parsePublicJwk } from '../../core/devices/signing/parse-public-jwk.ts';
import { TEST_ONLY_PRIVATE_JWK, TEST_PUBLIC_JWK } from './test-key.ts';

const P384 = {
  kty: 'EC',
  crv: 'P-384',
  x: 'wAW214o0bjFR89_tJnLnQlFYHFG4-cIa4PkSoL8924IvC_K1oRqFBsVTo5WtB3gK',
  y: 'iTcdvKv3PB1q99SaZPUK0Gfx2dYLWAIRecXZEU-Fowy1SvIQdo-CZN2Lb2tzptXm',
};
const RSA = {
  kty: 'RSA',
  n: 'sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri23bOdgWp4Dy1WlUzewbgBHod5pcM9H95GQRV3JDXboIRROSBigeC5yjU1hGzHHyXss8UDprecbAYxknTcQkhslANGRUZmdTOQ5qTRsLAt6BTYuyvVRdhS8exSZEy_c4gs_7svlJJQ4H9_NxsiIoLwAEk7-Q3UXERGYw_75IDrGA84-lA_-Ct4eTlXHBIY2EaV7t7LjJaynVJCpkv4LKjTTAumiGUIuQhrNhZLuF_RJLqHpM2kgWFLU7-VTdL1VbC2tejvcI2BlMkEpk1BzBZI0KQB0GaDWFLN-aEAw3vRw',
  e: 'AQAB',
};
const flipLastByte = (b64: string) => b64.slice(0, -1) + (b64.endsWith('A') ? 'Q' : 'A');

describe('parsePublicJwk', () => {
  it('accepts a WebCrypto-exported public key and strips extra members', async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]);
    const exported = await crypto.subtle.exportKey('jwk', pair.publicKey);
    expect(exported.key_ops).toEqual(['verify']);
    const result = parsePublicJwk({ ...exported, kid: 'k1', alg: 'ES256', use: 'sig' });
    expect(result).toEqual({ ok: true, jwk: { kty: 'EC', crv: 'P-256', x: exported.x, y: exported.y } });
  });

  it('accepts the minimal test key unchanged', () => {
    expect(parsePublicJwk({ ...TEST_PUBLIC_JWK })).toEqual({ ok: true, jwk: TEST_PUBLIC_JWK });
  });

  it.each([
    ['not_object', 'a string', 'garbage'],
    ['not_object', 'null', null],
    ['not_object', 'an array', [TEST_PUBLIC_JWK]],
    ['private_key', 'a private JWK (has "d")', TEST_ONLY_PRIVATE_JWK],
    ['wrong_kty', 'an RSA key', RSA],
    ['wrong_kty', 'an OKP key', { kty: 'OKP', crv: 'Ed25519', x: TEST_PUBLIC_JWK.x }],
    ['wrong_curve', 'a P-384 key', P384],
    ['wrong_curve', 'curve spelled in lower case', { ...TEST_PUBLIC_JWK, crv: 'p-256' }],
    ['missing_coordinate', 'no y', { kty: 'EC', crv: 'P-256', x: TEST_PUBLIC_JWK.x }],
    ['missing_coordinate', 'numeric x', { ...TEST_PUBLIC_JWK, x: 42 }],
    ['bad_coordinate', 'x of 31 bytes', { ...TEST_PUBLIC_JWK, x: TEST_PUBLIC_JWK.x.slice(0, 42) }],
    ['bad_coordinate', 'y of 48 bytes (P-384 length)', { ...TEST_PUBLIC_JWK, y: P384.y }],
    [
      'bad_coordinate',
      'standard base64 instead of base64url',
      { ...TEST_PUBLIC_JWK, x: TEST_PUBLIC_JWK.x.replace(/-/g, '+') },
    ],
    ['bad_coordinate', 'padded base64url', { ...TEST_PUBLIC_JWK, y: `${TEST_PUBLIC_JWK.y}=` }],
    ['bad_coordinate', 'not base64 at all', { ...TEST_PUBLIC_JWK, x: '!!!!' }],
    ['not_on_curve', 'y altered', { ...TEST_PUBLIC_JWK, y: flipLastByte(TEST_PUBLIC_JWK.y) }],
    [
      'not_on_curve',
      'x = p (out of field)',
      { ...TEST_PUBLIC_JWK, x: toBase64Url(bigIntToBytes(P256.p, 32)) },
    ],
    ['bad_alg', 'alg RS256', { ...TEST_PUBLIC_JWK, alg: 'RS256' }],
    ['bad_use', 'use enc', { ...TEST_PUBLIC_JWK, use: 'enc' }],
    ['bad_use', 'key_ops sign', { ...TEST_PUBLIC_JWK, key_ops: ['sign'] }],
    ['bad_use', 'empty key_ops', { ...TEST_PUBLIC_JWK, key_ops: [] }],
  ])('rejects with %s: %s', (reason, _label, input) => {
    const result = parsePublicJwk(input);
    expect(result).toMatchObject({ ok: false, reason });
    expect(result.ok === false && result.message.length).toBeGreaterThan(0);
  });
});
