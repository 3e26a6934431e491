/**
 * The device and its account in Chromium. The device key is registered on
 * first use and kept as a non-extractable CryptoKey in IndexedDB (exportKey
 * fails); the extension's signer produces exactly what the server's verifier
 * and the published vectors (discovery/device-signing.md) accept: raw r‖s,
 * 64 bytes. The v1 settings are read and written from the options page.
 *
 * Linking goes through the development provider (the one `p2m dev-idp`
 * serves): "Link to account" starts the link, the sign-in page opens in a
 * tab, the person signs in and allows, and the options page shows the
 * linked account and its plan; Unlink ends it. The user_code from
 * link/start shows on the options page and on the service's confirmation
 * page, where the person links the device.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fromBase64Url } from '../../core/devices/signing/base64url.ts';
import { HEADERS } from '../../core/devices/signing/headers.ts';
import { verifyDeviceSignature } from '../../core/devices/signing/verify-device-signature.ts';
import { describeInBrowser } from '../support/chromium.ts';
import type { WorkerApi } from './support/in-worker.ts';
import { startRig, type Rig } from './support/extension-rig.ts';
import { screenshot } from './support/screenshots.ts';

type Vector = { name: string; expect: string; canonical_string: string; signature: string };
const vectors = JSON.parse(readFileSync(new URL('../devices/signing-vectors.json', import.meta.url), 'utf8')) as {
  key: { private_jwk_test_only: JsonWebKey; public_jwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string } };
  valid: Vector[];
  invalid: Vector[];
};
declare const p2m: WorkerApi;

describeInBrowser('extension device and account in Chromium', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(async () => {
    await rig?.[Symbol.asyncDispose]();
  });

  it('registers on first use; the private key stays non-extractable in IndexedDB', { timeout: 60_000 }, async () => {
    const options = await rig.open('options.html');
    await expect.poll(() => options.locator('#device-id').textContent(), { timeout: 20_000 }).toMatch(/^[A-Za-z0-9._:-]{8,}$/);
    const deviceId = await options.locator('#device-id').textContent();
    const sw = await rig.sw();
    const key = await sw.evaluate(async () => {
      const { keys } = await p2m.service();
      const identity = (await keys.load())!;
      const exported = await crypto.subtle.exportKey('jwk', identity.keyPair.privateKey).then(() => 'exported', (e: Error) => e.name);
      return { deviceId: identity.deviceId, extractable: identity.keyPair.privateKey.extractable, isKey: identity.keyPair.privateKey instanceof CryptoKey, exported };
    });
    expect(key).toEqual({ deviceId, extractable: false, isKey: true, exported: 'InvalidAccessError' });
    // The service knows the device, and a signed call from the page succeeds.
    const { rows } = (await rig.stack.env.pglite!.query<{ n: number }>('select count(*)::int as n from devices where id = $1', [deviceId])) as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1);
    await expect.poll(() => options.getByLabel('Converter').inputValue()).toBe('auto');
    await options.getByLabel('Converter').selectOption('text');
    await options.getByRole('button', { name: 'Save settings' }).click();
    await options.getByText('Settings saved.').waitFor();
    const settings = await sw.evaluate(async () => (await p2m.service()).device.getSettings());
    expect(settings.converter).toBe('text');
    expect(rig.errors).toEqual([]);
  });

  it("the extension's signatures pass the server's verifier; Chromium verifies the published vectors", { timeout: 60_000 }, async () => {
    const sw = await rig.sw();
    const body = '{"url":"https://example.org/paper.pdf?download=1"}';
    const nowMs = Date.now();
    const signed = await sw.evaluate(
      async ({ jwk, body, nowMs }) => {
        const privateKey = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
        const identity = { deviceId: 'dev_0f8a7c1e2b3d4f5a', deviceToken: 'tok_example', keyPair: { privateKey, publicKey: privateKey } };
        const url = new URL('https://p2m.example/jobs?q=a%20b');
        return p2m.signRequest({ identity, method: 'post', url, body: new TextEncoder().encode(body), nowMs });
      },
      { jwk: vectors.key.private_jwk_test_only, body, nowMs },
    );
    const header = (name: string) => Object.entries(signed).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    expect(fromBase64Url(header(HEADERS.signature)!)!.length).toBe(64);
    const verdict = await verifyDeviceSignature({
      jwk: vectors.key.public_jwk,
      deviceId: 'dev_0f8a7c1e2b3d4f5a',
      method: 'POST',
      pathWithQuery: '/jobs?q=a%20b',
      timestamp: header(HEADERS.timestamp),
      nonce: header(HEADERS.nonce),
      bodySha256: header(HEADERS.contentSha256),
      signature: header(HEADERS.signature),
      body: { bytes: new TextEncoder().encode(body) },
      nowSeconds: Math.floor(nowMs / 1000),
    });
    expect(verdict).toEqual({ ok: true });

    const results = await sw.evaluate(
      async ({ jwk, cases }) => {
        const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
        const bytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0));
        return Promise.all(
          cases.map(async (v) => [v.name, await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, bytes(v.signature), new TextEncoder().encode(v.canonical_string)).catch(() => false)] as const),
        );
      },
      { jwk: vectors.key.public_jwk, cases: [...vectors.valid, ...vectors.invalid.filter((v) => v.name === 'der-signature')] },
    );
    expect(Object.fromEntries(results)).toEqual({ ...Object.fromEntries(vectors.valid.map((v) => [v.name, true])), 'der-signature': false });
  });

  it('links through sign-in with the code shown on both sides, then unlinks', { timeout: 120_000 }, async () => {
    const options = await rig.open('options.html');
    expect(await options.getByLabel('Service URL').inputValue()).toBe(rig.stack.base);
    await options.getByText('This browser converts anonymously.').waitFor();
    await screenshot(options, 'options');

    const signInTab = rig.context.waitForEvent('page');
    await options.getByRole('button', { name: 'Link to account' }).click();
    const signIn = await signInTab;
    // The options page shows the code; the confirmation page after sign-in shows the same one.
    await options.locator('#link-code-box').waitFor();
    const code = await options.locator('#link-code').textContent();
    expect(code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    await signIn.getByLabel('E-mail').fill('reader@example.org');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByRole('button', { name: 'Allow' }).click();
    await signIn.getByRole('heading', { name: 'Link a device to your account?' }).waitFor();
    expect(await signIn.locator('#user-code').textContent()).toBe(code);
    await screenshot(options, 'options-linking');
    await signIn.getByRole('button', { name: 'Link this device' }).click();
    await signIn.getByRole('heading', { name: 'Device linked' }).waitFor();

    await options.getByText('This browser is linked to an account.').waitFor({ timeout: 20_000 });
    expect(await options.locator('#account-tier').textContent()).toBe('free');
    const email = await options.locator('#account-email').textContent();
    expect(email).toBe('reader@example.org');
    await screenshot(options, 'options-linked');
    await options.getByRole('button', { name: 'Unlink' }).click();
    await options.getByText('Unlinked. This browser converts anonymously again.').waitFor();
    await expect.poll(() => options.getByRole('button', { name: 'Link to account' }).isVisible()).toBe(true);
    expect(rig.errors).toEqual([]);
  });
});
