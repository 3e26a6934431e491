/**
 * Checkout and the customer portal: a Stripe Checkout Session created on the
 * server for a session or for an anonymous buyer (who gets a claimable
 * account), returning to the request's own public origin; the portal link for
 * a signed-in customer.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, billingCustomers } from '../../../db/schema.ts';
import { signIn } from '../../support/sign-in.ts';
import { STRIPE_ENV, startStripeMock, type StripeMock } from '../../support/stripe-mock.ts';
import { testEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from '../rest/api-client.ts';
import { callAsHost } from './billing-helpers.ts';

let stripe: StripeMock;
beforeAll(async () => {
  stripe = startStripeMock();
  await warmUp();
});
afterAll(() => stripe.close());

const lastSent = (path: string) => stripe.sent.filter((s) => s.path === path).at(-1)!;

describe('checkout', () => {
  it('anonymous with an e-mail: a claimable account, a Stripe customer, a subscription checkout returning to the request origin', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const res = await callAsHost(api, 'localhost:8080', 'POST', '/api/v2/billing/checkout', { json: { plan: 'pro', email: 'Buyer@Example.org' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ claimable: true, checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    const [account] = await env.runtime.db.select().from(accounts).where(eq(accounts.email, 'buyer@example.org'));
    expect(account).toMatchObject({ claimable: true, tier: 'free' });
    const [link] = await env.runtime.db.select().from(billingCustomers).where(eq(billingCustomers.accountId, account!.id));
    expect(stripe.customers.get(link!.customerId)).toMatchObject({ email: 'buyer@example.org', metadata: { p2m_account_id: account!.id } });
    const session = lastSent('/v1/checkout/sessions').form;
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: link!.customerId,
      client_reference_id: account!.id,
      'line_items[0][price]': 'price_pro_monthly',
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][p2m_account_id]': account!.id,
      success_url: 'http://localhost:8080/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/billing/canceled',
    });
    // The other public origin gets its own return addresses; the same buyer reuses the claimable account and customer.
    const again = await callAsHost(api, '127.0.0.1:8080', 'POST', '/api/v2/billing/checkout', { json: { plan: 'pro', email: 'buyer@example.org' } });
    expect(again.status).toBe(200);
    expect(lastSent('/v1/checkout/sessions').form).toMatchObject({ customer: link!.customerId, success_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:8080\//) });
    expect(stripe.sent.filter((s) => s.path === '/v1/customers' && s.form.email === 'buyer@example.org')).toHaveLength(1);
  });

  it('for a signed-in person buys for the session\'s account (and needs our Origin, like every cookie change)', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const person = await signIn(env);
    const origin = env.config.publicOrigins[0]!;
    const refused = await api.call('POST', '/api/v2/billing/checkout', { json: { plan: 'pro' }, headers: { cookie: person.cookie } });
    expect([refused.status, await errorCode(refused)]).toEqual([403, 'forbidden']);
    const res = await api.call('POST', '/api/v2/billing/checkout', { json: { plan: 'pro' }, headers: { cookie: person.cookie, origin } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ claimable: false });
    expect(lastSent('/v1/checkout/sessions').form.client_reference_id).toBe(person.accountId);
    const [account] = await env.runtime.db.select().from(accounts).where(eq(accounts.id, person.accountId));
    expect(account!.claimable).toBe(false);
  });

  it('refuses what it cannot sell or must not: unknown plan, no e-mail, an e-mail that has an account, an account that already pays', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const post = (json: unknown, headers: Record<string, string> = {}) => api.call('POST', '/api/v2/billing/checkout', { json, headers });
    const reply = async (r: Response) => [r.status, await errorCode(r)];
    expect(await reply(await post({ plan: 'free', email: 'a@b.example' }))).toEqual([400, 'bad_input']);
    expect(await reply(await post({ plan: 'pro' }))).toEqual([400, 'bad_input']);
    expect(await reply(await post({ plan: 'pro', email: 'not-an-email' }))).toEqual([400, 'bad_input']);
    const person = await signIn(env, { email: 'taken@example.org' });
    expect(await reply(await post({ plan: 'pro', email: 'taken@example.org' }))).toEqual([403, 'forbidden']);
    await env.runtime.db.insert(billingCustomers).values({ accountId: person.accountId, customerId: 'cus_paying', subscriptionId: 'sub_1', subscriptionStatus: 'active', plan: 'pro' });
    const origin = env.config.publicOrigins[0]!;
    expect(await reply(await post({ plan: 'pro' }, { cookie: person.cookie, origin }))).toEqual([409, 'already_subscribed']);
  });

  it('limits anonymous checkouts per address', async () => {
    // A fresh client address (behind a trusted proxy): on PostgreSQL the counters live in the Redis every test shares.
    await using env = await testEnv({ ...STRIPE_ENV, P2M_BILLING_CHECKOUT_PER_IP: '2', P2M_TRUST_PROXY: 'true' });
    await using api = await startApi(env);
    const headers = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}` };
    const buy = (i: number) => api.call('POST', '/api/v2/billing/checkout', { json: { plan: 'pro', email: `b${i}@example.org` }, headers });
    for (let i = 0; i < 2; i++) expect((await buy(i)).status).toBe(200);
    const res = await buy(3);
    expect([res.status, await errorCode(res)]).toEqual([429, 'rate_limited']);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 502 billing_unavailable when Stripe cannot be reached, and creates no customer link', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    stripe.down = true;
    try {
      const res = await api.call('POST', '/api/v2/billing/checkout', { json: { plan: 'pro', email: 'down@example.org' } });
      expect([res.status, await errorCode(res)]).toEqual([502, 'billing_unavailable']);
    } finally {
      stripe.down = false;
    }
    expect(await env.runtime.db.select().from(billingCustomers)).toEqual([]);
  });
});

describe('billing portal', () => {
  it('gives a signed-in customer a portal link returning to the request origin; before any purchase 404; no session 401', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const person = await signIn(env);
    const headers = { cookie: person.cookie, origin: env.config.publicOrigins[0]! };
    const none = await api.call('POST', '/api/v2/billing/portal', { headers });
    expect([none.status, await errorCode(none)]).toEqual([404, 'not_found']);
    await api.call('POST', '/api/v2/billing/checkout', { json: { plan: 'pro' }, headers });
    const res = await callAsHost(api, 'localhost:8080', 'POST', '/api/v2/billing/portal', { headers: { cookie: person.cookie, origin: 'http://localhost:8080' } });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [link] = await env.runtime.db.select().from(billingCustomers).where(eq(billingCustomers.accountId, person.accountId));
    expect(lastSent('/v1/billing_portal/sessions').form).toEqual({ customer: link!.customerId, return_url: 'http://localhost:8080/account' });
    expect((await api.call('POST', '/api/v2/billing/portal')).status).toBe(401);
  });
});
