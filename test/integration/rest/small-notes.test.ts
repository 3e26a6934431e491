/**
 * Small audit notes at the HTTP level: GET / is a page saying where to go;
 * an unknown method on a known path (TRACE, PUT) is 405 with Allow; checkout
 * refuses a body that is not JSON (415); a rotation overlap above the maximum
 * is refused (400) rather than cut, and the rotate answer says how
 * deliveries are signed during the overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../../../server/create-app.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { signIn } from '../../support/sign-in.ts';
import { STRIPE_ENV, startStripeMock, type StripeMock } from '../../support/stripe-mock.ts';
import { fileEnv } from '../../support/test-env.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import { errorCode, startApi, warmUp } from './api-client.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawRequest as raw } from '../../support/raw-request.ts';

loopbackOnlyInThisFile();
let receiver: Receiver;
let stripe: StripeMock;
beforeAll(async () => {
  receiver = await startReceiver();
  stripe = startStripeMock();
  await warmUp();
});
afterAll(() => {
  receiver.close();
  stripe.close();
});


describe('small notes', () => {
  it('GET / is an HTML page naming the account page, the MCP endpoint, the OpenAPI and llms.txt', async () => {
    await using env = await fileEnv();
    const server = createServer(createServiceApp(env.runtime));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      for (const link of ['href="/account"', '/api/v2/mcp', 'href="/openapi.json"', 'href="/llms.txt"']) expect(html).toContain(link);
      for (const path of ['/openapi.json', '/llms.txt']) expect((await fetch(base + path)).status).toBe(200);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('TRACE and other unknown methods on a known path answer 405 with Allow; an unknown path stays 404', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    for (const [method, path] of [['TRACE', '/api/v2/jobs'], ['PUT', '/api/v2/jobs'], ['PATCH', '/api/v2/limits'], ['TRACE', '/']]) {
      const res = await raw(method!, api.base + path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.allow).toContain('GET');
      expect((JSON.parse(res.body) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    }
    expect((await raw('TRACE', `${api.base}/nothing-here`)).status).toBe(404);
  });

  it('checkout refuses a body that is not JSON with 415', async () => {
    await using env = await fileEnv(STRIPE_ENV);
    await using api = await startApi(env);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await api.call('POST', '/api/v2/billing/checkout', { body: '{"plan":"pro","email":"a@example.org"}', headers: { 'content-type': type } });
      expect([res.status, await errorCode(res)]).toEqual([415, 'unsupported_media_type']);
    }
    expect(stripe.sent.filter((s) => s.path === '/v1/checkout/sessions')).toEqual([]);
  });

  it('a rotation overlap above the maximum is 400 and rotates nothing; the answer of a rotation names both signatures', async () => {
    await using env = await fileEnv(serviceEnv(receiver));
    await using api = await startApi(env);
    const alice = await signIn(env, { tier: 'pro' });
    const headers = { cookie: alice.cookie, origin: env.config.publicOrigins[0]! };
    const hook = (await (await api.call('POST', '/api/v2/webhooks', { headers, json: { url: `${receiver.base}/h` } })).json()) as { webhook_id: string };
    const rotate = (overlap: number) => api.call('POST', `/api/v2/webhooks/${hook.webhook_id}/rotate-secret`, { headers, json: { overlap_seconds: overlap } });
    const tooLong = await rotate(env.config.webhooks.maxOverlapSeconds + 1);
    expect([tooLong.status, await errorCode(tooLong)]).toEqual([400, 'bad_input']);
    const list = (await (await api.call('GET', '/api/v2/webhooks', { headers })).json()) as { items: { previous_secret_expires_at: string | null }[] };
    expect(list.items[0]!.previous_secret_expires_at).toBeNull();
    const ok = await rotate(3600);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { signatures: string; previous_secret_expires_at: string };
    expect(body.signatures).toContain('two comma-separated values');
    expect(body.signatures).toContain(body.previous_secret_expires_at);
  });
});
