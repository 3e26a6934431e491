/**
 * The egress side of deliveries: the address is re-resolved and re-checked
 * at every attempt (DNS rebinding after registration is refused, not sent),
 * a slow receiver times out without starving other endpoints, and a burst of
 * 1,000 events to 10 endpoints drains with bounded concurrency per endpoint.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostClient } from '../../../core/egress/post-client.ts';
import type { Resolver } from '../../../core/egress/resolve-target.ts';
import { createDispatcher, type DeliveryEvent } from '../../../worker/webhooks/dispatcher.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import { account, converted, deliveries, queue, register, settleNext } from './helpers.ts';

loopbackOnlyInThisFile();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** Points the service's webhook client at a resolver whose answers the test changes. */
function useDns(env: TestEnv, table: Record<string, string>): void {
  const lookup: Resolver = async (host) => {
    const address = table[host];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  };
  const { config } = env;
  env.runtime.webhookClient = createPostClient({
    timeoutMs: config.webhooks.timeoutMs,
    maxResponseBytes: config.webhooks.responseBytes,
    allowLoopback: true,
    lookup,
    ca: receiver.caPem,
  });
}

/** Resolves once the dispatcher has recorded `n` attempts. */
const attempts = (events: ReturnType<typeof createDispatcher>['events'], n: number) =>
  new Promise<DeliveryEvent[]>((resolve) => {
    const seen: DeliveryEvent[] = [];
    events.on('attempt', (e) => void (seen.push(e) === n && resolve(seen)));
  });

describe('webhook egress', () => {
  it('a name re-pointed at an internal address after registration is refused at delivery, and not retried', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const dns = { 'hooks.test': '127.0.0.1' };
    useDns(env, dns);
    const a = await account(env);
    await register(env, a, `https://hooks.test:${receiver.port}/rebound`);
    dns['hooks.test'] = '10.0.0.7';
    await queue(env, a);
    await settleNext(env, converted());
    await createDispatcher(env.runtime).runOnce();
    const [log] = await deliveries(env, a);
    expect(log).toMatchObject({ status: 'failed', attempts: 1, response_code: null });
    expect(log!.error).toMatch(/^forbidden_address: .*hooks\.test is private.*\(not retried\)$/);
    expect(receiver.at('/rebound')).toEqual([]);
  });

  it('resolving back to the receiver, the same name is delivered (the check is per attempt, not sticky)', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const dns = { 'hooks.test': '127.0.0.1' };
    useDns(env, dns);
    const a = await account(env);
    await register(env, a, `https://hooks.test:${receiver.port}/named`);
    await queue(env, a);
    await settleNext(env, converted());
    await createDispatcher(env.runtime).runOnce();
    expect(receiver.at('/named')).toHaveLength(1);
    expect(receiver.at('/named')[0]!.headers.host).toBe(`hooks.test:${receiver.port}`);
  });

  it('a receiver that never answers times out while other endpoints keep getting theirs', async () => {
    await using env = await testEnv({ ...serviceEnv(receiver), P2M_WEBHOOK_TIMEOUT_MS: '1500', P2M_WEBHOOK_ENDPOINT_CONCURRENCY: '2', P2M_WEBHOOK_CONCURRENCY: '4' });
    const a = await account(env);
    receiver.answer('/slow', { hang: true });
    await register(env, a, `${receiver.base}/slow`);
    await register(env, a, `${receiver.base}/fast`);
    for (let i = 0; i < 4; i++) {
      await queue(env, a);
      await settleNext(env, converted());
    }
    const dispatcher = createDispatcher(env.runtime);
    const done = attempts(dispatcher.events, 8);
    dispatcher.start();
    // All four fast deliveries arrive although the slow endpoint has work waiting and holds two slots.
    await receiver.waitFor('/fast', 4);
    expect(receiver.maxInFlight('/slow')).toBeLessThanOrEqual(2);
    await done;
    await dispatcher.stop();
    const log = await deliveries(env, a);
    const slow = log.filter((d) => d.url!.endsWith('/slow'));
    expect(slow.map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(slow[0]!.attempt_log[0]).toMatchObject({ outcome: 'retry', response_code: null });
    expect(slow[0]!.attempt_log[0]!.error).toMatch(/^timeout: /);
    expect(log.filter((d) => d.url!.endsWith('/fast')).every((d) => d.status === 'delivered')).toBe(true);
  });

  it('1,000 events to 10 endpoints drain completely, never more than the per-endpoint cap in flight', { timeout: 180_000 }, async () => {
    await using env = await testEnv({
      ...serviceEnv(receiver),
      P2M_WEBHOOK_CONCURRENCY: '24',
      P2M_WEBHOOK_ENDPOINT_CONCURRENCY: '3',
      P2M_WEBHOOK_ENDPOINT_RATE: '1000',
    });
    const a = await account(env);
    const paths = Array.from({ length: 10 }, (_, i) => `/burst-${i}`);
    for (const p of paths) {
      receiver.answer(p, { status: 200, delayMs: 5 });
      await register(env, a, `${receiver.base}${p}`);
    }
    // 100 jobs' events, fanned out to the 10 endpoints as the outbox does: 1,000 deliveries.
    await env.runtime.db.execute(sql`
      INSERT INTO webhook_deliveries (event_id, account_id, endpoint_id, job_id, event, job)
      SELECT e.id, w.account_id, w.id, e.job_id, 'job.ready',
        jsonb_build_object('job_id', e.job_id, 'status', 'ready', 'pages', 1, 'truncated', false, 'download_url', '/api/v2/jobs/' || e.job_id || '/download')
      FROM (SELECT gen_random_uuid() AS id, gen_random_uuid() AS job_id FROM generate_series(1, 100)) e
      CROSS JOIN webhook_endpoints w`);
    const dispatcher = createDispatcher(env.runtime);
    const done = attempts(dispatcher.events, 1000);
    dispatcher.start();
    await done;
    await dispatcher.stop();
    for (const p of paths) {
      expect(receiver.at(p), p).toHaveLength(100);
      expect(receiver.maxInFlight(p), p).toBeLessThanOrEqual(3);
    }
    expect(Math.max(...paths.map((p) => receiver.maxInFlight(p)))).toBeGreaterThan(1);
    const counts = (await env.runtime.db.execute(sql`SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status`)) as unknown as { rows: unknown[] };
    expect(counts.rows).toEqual([{ status: 'delivered', n: 1000 }]);
  });
});
