/**
 * Audit findings in billing: a validly signed event whose fields do not fit
 * (an account id that is not a UUID, a NUL in an id) never answers 500 —
 * Stripe would retry it for days — and an anonymous checkout that fails at
 * the provider leaves no account anyone could claim.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, billingCustomers, billingEvents } from '../../../db/schema.ts';
import { STRIPE_ENV, eventOf, startStripeMock, subscriptionObject, type StripeMock } from '../../support/stripe-mock.ts';
import { testEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from '../rest/api-client.ts';
import { deliver } from './billing-helpers.ts';

let stripe: StripeMock;
beforeAll(async () => {
  stripe = startStripeMock();
  await warmUp();
});
afterAll(() => stripe.close());

describe('billing events that do not fit', () => {
  it('a non-UUID p2m_account_id is recorded and ignored (200), also on retry', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const sub = subscriptionObject({ customer: 'cus_odd', status: 'active', metadata: { p2m_account_id: 'not-a-uuid' } });
    const event = eventOf('customer.subscription.created', sub);
    const first = await deliver(api, event);
    expect([first.status, await first.json()]).toEqual([200, { received: true, duplicate: false }]);
    const again = await deliver(api, event);
    expect([again.status, await again.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(await env.runtime.db.select().from(billingCustomers)).toEqual([]);
  });

  it('a NUL in the customer id is recorded and ignored (200); a NUL in the event id is 400; neither is 500', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const user = await env.user();
    const sub = subscriptionObject({ customer: 'cus_\u0000x', status: 'active', metadata: { p2m_account_id: user.accountId } });
    const inBody = eventOf('customer.subscription.created', sub);
    for (const duplicate of [false, true]) {
      const res = await deliver(api, inBody);
      expect([res.status, await res.json()]).toEqual([200, { received: true, duplicate }]);
    }
    expect((await env.runtime.db.select().from(accounts).where(eq(accounts.id, user.accountId)))[0]!.tier).toBe('free');
    const inId = eventOf('customer.subscription.created', subscriptionObject({ customer: 'cus_ok', status: 'active' }), { id: 'evt_\u0000bad' });
    for (let i = 0; i < 2; i++) {
      const res = await deliver(api, inId);
      expect([res.status, await errorCode(res)]).toEqual([400, 'bad_input']);
    }
    expect((await env.runtime.db.select().from(billingEvents)).map((e) => e.id)).toEqual([inBody.id]);
  });
});

describe('anonymous checkout failing at the provider', () => {
  it('leaves no claimable account for the e-mail; a later checkout that works makes one', async () => {
    await using env = await testEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const email = 'unlucky@example.org';
    const byEmail = () => env.runtime.db.select().from(accounts).where(eq(accounts.email, email));
    stripe.down = true;
    try {
      const res = await api.call('POST', '/api/v2/billing/checkout', { json: { plan: 'pro', email } });
      expect([res.status, await errorCode(res)]).toEqual([502, 'billing_unavailable']);
    } finally {
      stripe.down = false;
    }
    expect(await byEmail()).toEqual([]);
    const ok = await api.call('POST', '/api/v2/billing/checkout', { json: { plan: 'pro', email } });
    expect(ok.status).toBe(200);
    expect((await byEmail()).map((a) => a.claimable)).toEqual([true]);
  });
});
