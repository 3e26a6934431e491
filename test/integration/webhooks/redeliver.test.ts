/**
 * POST /api/v2/webhooks/deliveries/{id}/redeliver with a session cookie: a
 * failed delivery goes out again as a new delivery with the same event id,
 * and the failed one stays in the log; anything but a failed delivery is 409,
 * another account's is 404, an API key is refused and a plan without webhooks
 * is 403.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../worker/webhooks/dispatcher.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { signIn } from '../../support/sign-in.ts';
import { testEnv } from '../../support/test-env.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import { errorCode, startApi } from '../rest/api-client.ts';

loopbackOnlyInThisFile();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

type Delivery = { delivery_id: string; event_id: string; status: string; attempts: number; attempt_log: { response_code: number | null }[] };

describe('redeliver_webhook_delivery over REST', () => {
  it('sends a failed delivery again under its event id; refuses others, strangers, keys and free plans', async () => {
    await using env = await testEnv({ ...serviceEnv(receiver), P2M_WEBHOOK_RETRY_SECONDS: '1' });
    await using api = await startApi(env);
    const dispatcher = createDispatcher(env.runtime);
    const alice = await signIn(env, { tier: 'pro' });
    const h = { cookie: alice.cookie, origin: env.config.publicOrigins[0]! };
    const hook = (await (await api.call('POST', '/api/v2/webhooks', { headers: h, json: { url: `${receiver.base}/redo` } })).json()) as {
      webhook_id: string;
    };
    receiver.answer('/redo', { status: 500 });
    const first = (await (await api.call('POST', `/api/v2/webhooks/${hook.webhook_id}/test`, { headers: h })).json()) as Delivery;
    expect(await dispatcher.runOnce()).toBe(1);
    // The one retry is due in a second: back-date it instead of waiting.
    await env.runtime.db.execute(sql`UPDATE webhook_deliveries SET run_at = now() - interval '1 second' WHERE id = ${first.delivery_id}`);
    expect(await dispatcher.runOnce()).toBe(1);
    const log = async () =>
      ((await (await api.call('GET', `/api/v2/webhooks/deliveries?webhook_id=${hook.webhook_id}`, { headers: h })).json()) as { items: Delivery[] }).items;
    expect((await log())[0]).toMatchObject({ delivery_id: first.delivery_id, status: 'failed', attempts: 2 });

    receiver.answer('/redo', { status: 200 });
    const path = `/api/v2/webhooks/deliveries/${first.delivery_id}/redeliver`;
    const redone = await api.call('POST', path, { headers: h });
    expect(redone.status).toBe(202);
    const again = (await redone.json()) as Delivery;
    expect(again).toMatchObject({ event_id: first.event_id, status: 'pending', attempts: 0 });
    expect(again.delivery_id).not.toBe(first.delivery_id);
    expect(await dispatcher.runOnce()).toBe(1);
    expect(receiver.at('/redo').map((r) => r.headers['x-p2m-delivery'])).toEqual([first.event_id, first.event_id, first.event_id]);
    const after = await log();
    expect(after.map((d) => [d.delivery_id, d.status])).toEqual([
      [again.delivery_id, 'delivered'],
      [first.delivery_id, 'failed'],
    ]);

    // Only a failed delivery: the delivered one is 409.
    const twice = await api.call('POST', `/api/v2/webhooks/deliveries/${again.delivery_id}/redeliver`, { headers: h });
    expect([twice.status, await errorCode(twice)]).toEqual([409, 'not_ready']);
    // Another account sees no such delivery; an API key is not a webhook manager; no session is 401.
    const bob = await signIn(env, { tier: 'pro' });
    const stranger = await api.call('POST', path, { headers: { cookie: bob.cookie, origin: h.origin } });
    expect([stranger.status, await errorCode(stranger)]).toEqual([404, 'not_found']);
    const keyed = await env.user({ tier: 'pro' });
    expect((await api.call('POST', path, { key: keyed.key })).status).toBe(403);
    expect((await api.call('POST', path)).status).toBe(401);
    // A cookie without an allowed Origin changes nothing (the gateway's CSRF rule).
    expect((await api.call('POST', path, { headers: { cookie: alice.cookie } })).status).toBe(403);
    expect((await api.call('POST', '/api/v2/webhooks/deliveries/not-a-uuid/redeliver', { headers: h })).status).toBe(400);
    // A plan without webhooks.
    await env.runtime.db.execute(sql`UPDATE accounts SET tier = 'free' WHERE id = ${alice.accountId}`);
    const free = await api.call('POST', path, { headers: h });
    expect([free.status, await errorCode(free)]).toEqual([403, 'not_in_plan']);
  });
});
