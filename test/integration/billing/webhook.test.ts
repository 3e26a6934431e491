/**
 * Stripe's events: signature and replay window checked with the SDK,
 * idempotent by event id, and the account moved between plans live: its
 * queued jobs follow in the same transaction, running jobs keep their budget.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, billingCustomers, billingEvents, jobs } from '../../../db/schema.ts';
import { purgeExpired } from '../../../worker/worker.ts';
import { claimOne, queueJob } from '../worker/helpers.ts';
import { STRIPE_ENV, eventOf, invoiceObject, startStripeMock, subscriptionObject, type StripeMock } from '../../support/stripe-mock.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from '../rest/api-client.ts';
import { deliver } from './billing-helpers.ts';

let stripe: StripeMock;
beforeAll(async () => {
  stripe = startStripeMock();
  await warmUp();
});
afterAll(() => stripe.close());

const tierOf = async (env: TestEnv, id: string) => (await env.runtime.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.tier;

/** A free account with an API key and a linked Stripe customer. */
async function customer(env: TestEnv) {
  const user = await env.user();
  const customerId = `cus_${user.accountId.slice(0, 8)}`;
  await env.runtime.db.insert(billingCustomers).values({ accountId: user.accountId, customerId });
  return { ...user, customerId };
}

describe('billing webhook', () => {
  it('refuses a bad signature, another secret, a timestamp outside the replay window and an unsigned body', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const { customerId, accountId } = await customer(env);
    const event = eventOf('customer.subscription.created', subscriptionObject({ customer: customerId, status: 'active' }));
    const reply = async (r: Response) => [r.status, await errorCode(r)];
    expect(await reply(await deliver(api, event, { secret: 'whsec_someone_else' }))).toEqual([400, 'bad_input']);
    expect(await reply(await deliver(api, event, { timestamp: Math.floor(Date.now() / 1000) - 301 }))).toEqual([400, 'bad_input']);
    const unsigned = await api.call('POST', '/api/v2/billing/webhook', { json: event });
    expect(await reply(unsigned)).toEqual([400, 'bad_input']);
    expect(await tierOf(env, accountId)).toBe('free');
    expect(await env.runtime.db.select().from(billingEvents)).toEqual([]);
  });

  it('moves the account to the plan on subscription created, once per event id', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const { customerId, accountId } = await customer(env);
    const event = eventOf('customer.subscription.created', subscriptionObject({ customer: customerId, status: 'active' }));
    const first = await deliver(api, event);
    expect([first.status, await first.json()]).toEqual([200, { received: true, duplicate: false }]);
    expect(await tierOf(env, accountId)).toBe('pro');
    // Moved back by hand; a redelivery of the same event (re-signed, as Stripe does) changes nothing.
    await env.runtime.db.update(accounts).set({ tier: 'free' }).where(eq(accounts.id, accountId));
    const again = await deliver(api, event);
    expect([again.status, await again.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(await tierOf(env, accountId)).toBe('free');
  });

  it('finds the account by the subscription metadata when the customer is not linked yet', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const user = await env.user();
    const sub = subscriptionObject({ customer: 'cus_new', status: 'active', metadata: { p2m_account_id: user.accountId } });
    expect((await deliver(api, eventOf('customer.subscription.created', sub))).status).toBe(200);
    expect(await tierOf(env, user.accountId)).toBe('pro');
    const [link] = await env.runtime.db.select().from(billingCustomers).where(eq(billingCustomers.accountId, user.accountId));
    expect(link).toMatchObject({ customerId: 'cus_new', subscriptionId: sub.id, subscriptionStatus: 'active', plan: 'pro' });
  });

  it('moves queued jobs to the paid pool and priority in the same change; a running job keeps its budget', async () => {
    await using env = await testEnv({ ...STRIPE_ENV, P2M_TIERS: JSON.stringify({ free: { slots: 5 } }) });
    await using api = await startApi(env);
    const user = await customer(env);
    const running = await queueJob(env, user);
    await claimOne(env, 'w');
    const queued = await queueJob(env, user);
    await deliver(api, eventOf('customer.subscription.created', subscriptionObject({ customer: user.customerId, status: 'active' })));
    const row = async (id: string) => (await env.runtime.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
    const pro = env.config.tiers.pro;
    expect(await row(queued)).toMatchObject({ tier: 'pro', pool: 'paid', priority: pro.priority, timeBudgetMs: pro.timeBudgetMs, retentionSeconds: pro.retentionSeconds });
    expect(await row(running)).toMatchObject({ status: 'processing', tier: 'free', pool: 'free', timeBudgetMs: env.config.tiers.free.timeBudgetMs });
  });

  it('ignores an event older than the last one applied (Stripe does not promise order)', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const { customerId, accountId } = await customer(env);
    const sub = subscriptionObject({ customer: customerId, status: 'active' });
    const t = Math.floor(Date.now() / 1000);
    await deliver(api, eventOf('customer.subscription.updated', sub, { created: t }));
    await deliver(api, eventOf('customer.subscription.updated', { ...sub, status: 'canceled' }, { created: t - 60 }));
    expect(await tierOf(env, accountId)).toBe('pro');
  });

  it('keeps the plan through a failed payment for the grace period, then the sweep moves it to free', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const { customerId, accountId } = await customer(env);
    const sub = subscriptionObject({ customer: customerId, status: 'active' });
    await deliver(api, eventOf('customer.subscription.created', sub));
    await deliver(api, eventOf('invoice.payment_failed', invoiceObject({ customer: customerId })));
    await deliver(api, eventOf('customer.subscription.updated', { ...sub, status: 'past_due' }));
    await purgeExpired(env.runtime);
    expect(await tierOf(env, accountId)).toBe('pro');
    // Seven days (P2M_BILLING_GRACE_DAYS) pass without payment.
    await env.runtime.db.execute(sql`UPDATE billing_customers SET payment_failed_at = now() - interval '7 days 1 minute'`);
    expect((await purgeExpired(env.runtime)).graceExpired).toBe(1);
    expect(await tierOf(env, accountId)).toBe('free');
    // Another retry notice of the same past_due subscription does not bring the plan back…
    await deliver(api, eventOf('customer.subscription.updated', { ...sub, status: 'past_due' }));
    expect(await tierOf(env, accountId)).toBe('free');
    // …a successful payment does.
    await deliver(api, eventOf('invoice.paid', invoiceObject({ customer: customerId, status: 'paid' })));
    await deliver(api, eventOf('customer.subscription.updated', { ...sub, status: 'active' }));
    expect(await tierOf(env, accountId)).toBe('pro');
  });

  it('moves the account back to free when the subscription is deleted, but not for an old subscription ending', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const { customerId, accountId } = await customer(env);
    const old = subscriptionObject({ customer: customerId, status: 'active' });
    const current = subscriptionObject({ customer: customerId, status: 'active' });
    await deliver(api, eventOf('customer.subscription.created', old));
    await deliver(api, eventOf('customer.subscription.created', current));
    await deliver(api, eventOf('customer.subscription.deleted', { ...old, status: 'canceled' }));
    expect(await tierOf(env, accountId)).toBe('pro');
    await deliver(api, eventOf('customer.subscription.deleted', { ...current, status: 'canceled' }));
    expect(await tierOf(env, accountId)).toBe('free');
  });

  it('records and ignores events it does not act on, and subscriptions of unknown customers', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    expect((await deliver(api, eventOf('charge.succeeded', { id: 'ch_1', object: 'charge' }))).status).toBe(200);
    expect((await deliver(api, eventOf('customer.subscription.created', subscriptionObject({ customer: 'cus_unknown', status: 'active' })))).status).toBe(200);
    expect((await env.runtime.db.select().from(billingEvents)).map((e) => e.type).sort()).toEqual(['charge.succeeded', 'customer.subscription.created']);
  });
});
