/**
 * The REST routes of webhooks with a real session cookie: list, register
 * (400 bad URL, internal address or event; 403 tier or limit), delete (another
 * account's is 404), deliveries, test event, rotation; and callback_url on job
 * creation checked the same way and paid-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../support/pdf.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { signIn } from '../../support/sign-in.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import { errorCode, startApi, type Api } from '../rest/api-client.ts';

loopbackOnlyInThisFile();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const as = (env: TestEnv, cookie: string) => ({ cookie, origin: env.config.publicOrigins[0]! });
const post = (api: Api, headers: Record<string, string>, path: string, json?: unknown) =>
  api.call('POST', path, { headers, ...(json !== undefined ? { json } : {}) });

describe('/api/v2/webhooks', () => {
  it('registers, lists, tests, rotates and deletes with a session; refuses bad URLs, events, tiers and limits', async () => {
    await using env = await testEnv({ ...serviceEnv(receiver), P2M_TIERS: JSON.stringify({ pro: { webhooksLimit: 1 } }) });
    await using api = await startApi(env);
    const alice = await signIn(env, { tier: 'pro' });
    const h = as(env, alice.cookie);
    expect((await api.call('GET', '/api/v2/webhooks')).status).toBe(401);
    expect(await (await api.call('GET', '/api/v2/webhooks', { headers: h })).json()).toEqual({ items: [], limit: 1, used: 0, enabled: true });
    // The gateway's CSRF rule: a cookie without an allowed Origin changes nothing.
    expect((await api.call('POST', '/api/v2/webhooks', { headers: { cookie: alice.cookie }, json: { url: `${receiver.base}/x` } })).status).toBe(403);

    for (const bad of [
      { url: 'http://example.com/hook' },
      { url: 'https://169.254.169.254/latest/meta-data/' },
      { url: 'https://10.0.0.1/hook' },
      { url: `${receiver.base}/x`, events: ['job.exploded'] },
    ]) {
      const res = await post(api, h, '/api/v2/webhooks', bad);
      expect([bad, res.status, await errorCode(res)]).toEqual([bad, 400, 'bad_input']);
    }
    const created = await post(api, h, '/api/v2/webhooks', { url: `${receiver.base}/rest`, events: ['job.ready'] });
    expect(created.status).toBe(201);
    const hook = (await created.json()) as { webhook_id: string; secret: string; events: string[]; enabled: boolean };
    expect(hook).toMatchObject({ events: ['job.ready'], enabled: true });
    expect(hook.secret).toMatch(/^whsec_/);
    const second = await post(api, h, '/api/v2/webhooks', { url: `${receiver.base}/two` });
    expect([second.status, await errorCode(second)]).toEqual([403, 'limit_reached']);
    const listed = (await (await api.call('GET', '/api/v2/webhooks', { headers: h })).json()) as { items: Record<string, unknown>[]; used: number };
    expect(listed.used).toBe(1);
    expect(listed.items[0]).not.toHaveProperty('secret');

    const test = await post(api, h, `/api/v2/webhooks/${hook.webhook_id}/test`);
    expect(test.status).toBe(202);
    const rotated = await post(api, h, `/api/v2/webhooks/${hook.webhook_id}/rotate-secret`, { overlap_seconds: 60 });
    expect(rotated.status).toBe(200);
    expect(((await rotated.json()) as { secret: string }).secret).not.toBe(hook.secret);
    const log = (await (await api.call('GET', '/api/v2/webhooks/deliveries?limit=10', { headers: h })).json()) as { items: { test: boolean; status: string }[] };
    expect(log.items).toMatchObject([{ test: true, status: 'pending' }]);

    const bob = await signIn(env, { tier: 'pro' });
    expect((await api.call('DELETE', `/api/v2/webhooks/${hook.webhook_id}`, { headers: as(env, bob.cookie) })).status).toBe(404);
    expect((await api.call('GET', '/api/v2/webhooks/deliveries', { headers: as(env, bob.cookie) })).status).toBe(200);
    expect((await api.call('DELETE', `/api/v2/webhooks/${hook.webhook_id}`, { headers: h })).status).toBe(204);
    expect((await api.call('DELETE', `/api/v2/webhooks/${hook.webhook_id}`, { headers: h })).status).toBe(404);
  });

  it('a free tier sees enabled:false and cannot register; an API key is not a webhook manager', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    await using api = await startApi(env);
    const carol = await signIn(env, { tier: 'free' });
    const h = as(env, carol.cookie);
    expect(await (await api.call('GET', '/api/v2/webhooks', { headers: h })).json()).toEqual({ items: [], limit: 0, used: 0, enabled: false });
    const res = await post(api, h, '/api/v2/webhooks', { url: `${receiver.base}/free` });
    expect([res.status, await errorCode(res)]).toEqual([403, 'not_in_plan']);
    const keyed = await env.user({ tier: 'pro' });
    const byKey = await api.call('GET', '/api/v2/webhooks', { key: keyed.key });
    expect(byKey.status).toBe(403);
  });

  it('callback_url on job creation: 403 on a tier without webhooks, 400 for an internal address or without a secret', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    await using api = await startApi(env);
    const content_base64 = (await makePdf()).toString('base64');
    const free = await env.user({ tier: 'free' });
    const cb = { callback_url: `${receiver.base}/cb`, callback_secret: '0123456789abcdef0123' };
    const refused = await api.call('POST', '/api/v2/jobs', { key: free.key, json: { content_base64, ...cb } });
    expect([refused.status, await errorCode(refused)]).toEqual([403, 'not_in_plan']);
    const pro = await env.user({ tier: 'pro' });
    for (const fields of [
      { ...cb, callback_url: 'https://169.254.169.254/latest/meta-data/' },
      { callback_url: cb.callback_url },
    ]) {
      const res = await api.call('POST', '/api/v2/jobs', { key: pro.key, json: { content_base64, ...fields } });
      expect([res.status, await errorCode(res)]).toEqual([400, 'bad_input']);
    }
    const ok = await api.call('POST', '/api/v2/jobs', { key: pro.key, json: { content_base64, ...cb } });
    expect(ok.status).toBe(201);
  });
});
