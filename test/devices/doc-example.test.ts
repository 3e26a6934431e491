import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { verifyDeviceSignature } from '../../core/devices/signing/verify-device-signature.ts';
import { TEST_NOW, TEST_PUBLIC_JWK } from './test-key.ts';

// The worked example in the published description must be a request that verifies.
it('the worked example in discovery/device-signing.md verifies', async () => {
  const doc = readFileSync(new URL('../../discovery/device-signing.md', import.meta.url), 'utf8');
  const http = /```http\n([\s\S]*?)```/.exec(doc)?.[1];
  expect(http).toBeDefined();
  const [head, body] = http!.split('\n\n') as [string, string];
  const [requestLine, ...headerLines] = head.split('\n');
  const [method, path] = requestLine!.split(' ') as [string, string];
  const headers = new Map(
    headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 2)]),
  );
  expect(
    await verifyDeviceSignature({
      jwk: TEST_PUBLIC_JWK,
      deviceId: 'dev_0f8a7c1e2b3d4f5a',
      method,
      pathWithQuery: path,
      timestamp: headers.get('x-p2m-timestamp'),
      nonce: headers.get('x-p2m-nonce'),
      bodySha256: headers.get('x-p2m-content-sha256'),
      signature: headers.get('x-p2m-signature'),
      body: { bytes: new TextEncoder().encode(body.trimEnd()) },
      nowSeconds: TEST_NOW,
    }),
  ).toEqual({ ok: true });
  expect(headers.get('authorization')).toBe('Device tok_example');
});
