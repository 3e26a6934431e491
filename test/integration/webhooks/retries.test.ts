/**
 * Retries and give-ups, with time travelled by back-dating run_at and calling
 * the dispatcher step (never sleeping): 5xx and a down receiver are retried
 * with the same X-P2M-Delivery until delivered, every attempt logged; 410 and
 * 400 are not retried; 429's Retry-After is honoured; an endpoint failing
 * deliveries in a row is disabled with its reason, and a delivered test event
 * enables it again. Also the secret rotation's two signatures.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedLoopbackPort } from '../../support/test-origin.ts';
import { invoke } from '../../../core/operation.ts';
import { listWebhooks, rotateWebhookSecret, sendTestWebhook } from '../../../core/webhooks/webhook-operations.ts';
import { createDispatcher } from '../../../worker/webhooks/dispatcher.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { readmeVerifiers } from '../../support/readme-verifiers.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import { account, converted, deliveries, queue, register, settleNext } from './helpers.ts';

loopbackOnlyInThisFile();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** Makes every pending retry due now, as if its backoff had passed. */
const timePasses = (env: TestEnv) => env.runtime.db.execute(sql`UPDATE webhook_deliveries SET run_at = now() WHERE status = 'pending'`);

/** Seconds from now until the delivery's next attempt, on the database clock. */
async function dueIn(env: TestEnv): Promise<number> {
  const result = (await env.runtime.db.execute(
    sql`SELECT extract(epoch FROM run_at - now())::float AS s FROM webhook_deliveries WHERE status = 'pending'`,
  )) as unknown as { rows: { s: number }[] };
  return result.rows[0]!.s;
}

describe('webhook retries', () => {
  it('503, 503, then 200: three attempts with one X-P2M-Delivery, backoff per the schedule, all in the log', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    receiver.answer('/flaky', [{ status: 503 }, { status: 503 }, { status: 200 }]);
    await register(env, a, `${receiver.base}/flaky`);
    await queue(env, a);
    await settleNext(env, converted());
    const dispatcher = createDispatcher(env.runtime);
    expect(await dispatcher.runOnce()).toBe(1);
    // First retry after 30 s ± 20 %.
    const first = await dueIn(env);
    expect(first).toBeGreaterThan(23);
    expect(first).toBeLessThan(37);
    expect(await dispatcher.runOnce()).toBe(0); // not due yet
    await timePasses(env);
    expect(await dispatcher.runOnce()).toBe(1);
    const second = await dueIn(env); // 120 s ± 20 %
    expect(second).toBeGreaterThan(95);
    expect(second).toBeLessThan(145);
    await timePasses(env);
    expect(await dispatcher.runOnce()).toBe(1);

    const got = receiver.at('/flaky');
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers['x-p2m-delivery'])).size).toBe(1);
    const [log] = await deliveries(env, a);
    expect(log).toMatchObject({ status: 'delivered', attempts: 3, response_code: 200, error: null });
    expect(log!.attempt_log.map((t) => [t.attempt, t.outcome, t.response_code])).toEqual([
      [1, 'retry', 503],
      [2, 'retry', 503],
      [3, 'delivered', 200],
    ]);
  });

  it('a receiver that is down is retried (connection refused) until it is up, then delivered', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    const port = await closedLoopbackPort();
    await register(env, a, `https://127.0.0.1:${port}/down`);
    await queue(env, a);
    await settleNext(env, converted());
    const dispatcher = createDispatcher(env.runtime);
    await dispatcher.runOnce();
    await timePasses(env);
    await dispatcher.runOnce();
    // The receiver comes up: the endpoint now points at it (same path, as if the port were back).
    await env.runtime.db.execute(sql`UPDATE webhook_endpoints SET url = ${`${receiver.base}/down`}`);
    await timePasses(env);
    await dispatcher.runOnce();
    const [log] = await deliveries(env, a);
    expect(log!.attempt_log.map((t) => t.outcome)).toEqual(['retry', 'retry', 'delivered']);
    expect(log!.attempt_log[0]!.error).toMatch(/^connect_failed: .*ECONNREFUSED/);
    expect(receiver.at('/down')).toHaveLength(1);
  });

  it.each([410, 400])('HTTP %i is not retried', async (status) => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    receiver.answer(`/refuses-${status}`, { status });
    await register(env, a, `${receiver.base}/refuses-${status}`);
    await queue(env, a);
    await settleNext(env, converted());
    const dispatcher = createDispatcher(env.runtime);
    await dispatcher.runOnce();
    await timePasses(env);
    expect(await dispatcher.runOnce()).toBe(0);
    const [log] = await deliveries(env, a);
    expect(log).toMatchObject({ status: 'failed', attempts: 1, response_code: status, error: `HTTP ${status} (not retried)` });
    expect(receiver.at(`/refuses-${status}`)).toHaveLength(1);
  });

  it('429 with Retry-After waits at least that long', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    receiver.answer('/busy', [{ status: 429, headers: { 'retry-after': '3600' } }, { status: 200 }]);
    await register(env, a, `${receiver.base}/busy`);
    await queue(env, a);
    await settleNext(env, converted());
    await createDispatcher(env.runtime).runOnce();
    expect(await dueIn(env)).toBeGreaterThan(3590);
    expect((await deliveries(env, a))[0]).toMatchObject({ status: 'pending', response_code: 429 });
  });

  it('gives up after the last scheduled attempt; N failed deliveries in a row disable the endpoint, a delivered test event enables it', async () => {
    await using env = await testEnv({ ...serviceEnv(receiver), P2M_WEBHOOK_RETRY_SECONDS: '10,20', P2M_WEBHOOK_DISABLE_AFTER: '2' });
    const a = await account(env);
    receiver.answer('/broken', { status: 500 });
    const hook = await register(env, a, `${receiver.base}/broken`);
    const dispatcher = createDispatcher(env.runtime);
    for (let i = 0; i < 2; i++) {
      await queue(env, a);
      await settleNext(env, converted());
      for (let n = 0; n < 3; n++) {
        await timePasses(env);
        await dispatcher.runOnce();
      }
    }
    const log = await deliveries(env, a);
    expect(log.map((d) => [d.status, d.attempts])).toEqual([['failed', 3], ['failed', 3]]);
    expect(log[0]!.error).toBe('HTTP 500 (gave up after 3 attempts)');
    const [endpoint] = (await invoke(listWebhooks, env.ctx(a.session), {})).items;
    expect(endpoint).toMatchObject({ enabled: false, consecutive_failures: 2 });
    expect(endpoint!.disabled_reason).toBe('Disabled after 2 deliveries in a row failed; the last: HTTP 500 (gave up after 3 attempts)');
    // Disabled: new events are not queued for it.
    await queue(env, a);
    await settleNext(env, converted());
    expect(await deliveries(env, a)).toHaveLength(2);

    receiver.answer('/broken', { status: 204 });
    const test = await invoke(sendTestWebhook, env.ctx(a.session), { webhook_id: hook.id, event: 'job.error' });
    expect(test).toMatchObject({ test: true, status: 'pending', event: 'job.error', job_id: '00000000-0000-0000-0000-000000000000' });
    await dispatcher.runOnce();
    expect((await invoke(listWebhooks, env.ctx(a.session), {})).items[0]).toMatchObject({ enabled: true, consecutive_failures: 0, disabled_reason: null });
  });

  it('during a rotation overlap two signatures are sent, new first; each secret verifies; after it, only the new one', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const verify = await readmeVerifiers();
    const a = await account(env);
    const hook = await register(env, a, `${receiver.base}/rotating`);
    const rotated = await invoke(rotateWebhookSecret, env.ctx(a.session), { webhook_id: hook.id, overlap_seconds: 3600 });
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rotated.previous_secret_expires_at).not.toBeNull();
    await invoke(sendTestWebhook, env.ctx(a.session), { webhook_id: hook.id });
    await createDispatcher(env.runtime).runOnce();
    const [during] = receiver.at('/rotating');
    expect(during!.headers['x-p2m-signature']).toMatch(/^sha256=[0-9a-f]{64},sha256=[0-9a-f]{64}$/);
    expect(verify.node(rotated.secret, [during!])).toEqual([true]);
    expect(verify.python(hook.secret, [during!])).toEqual([true]);

    await env.runtime.db.execute(sql`UPDATE webhook_endpoints SET previous_secret_until = now() - interval '1 second'`);
    await invoke(sendTestWebhook, env.ctx(a.session), { webhook_id: hook.id });
    await createDispatcher(env.runtime).runOnce();
    const after = receiver.at('/rotating')[1]!;
    expect(verify.node(rotated.secret, [after])).toEqual([true]);
    expect(verify.python(hook.secret, [after])).toEqual([false]);
  });
});
