/**
 * GET /api/v2/billing/plans: entitlements from the tier table, prices from
 * Stripe (mocked at its HTTP edge), cached, best-effort when Stripe is down,
 * the caller's plan flagged; 503 when billing is not configured.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../support/sign-in.ts';
import { STRIPE_ENV, startStripeMock, type StripeMock } from '../../support/stripe-mock.ts';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from '../rest/api-client.ts';

let stripe: StripeMock;
beforeAll(async () => {
  stripe = startStripeMock();
  await warmUp();
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.down = false;
});

type PlansBody = {
  plans: { id: string; paid: boolean; current: boolean; price: { amount: number; currency: string; interval: string } | null; entitlements: Record<string, unknown> }[];
  purchase_availability: { extension: boolean; website: boolean };
};

describe('billing plans', () => {
  it('answer every plan with its entitlements and the price read from Stripe', async () => {
    await using env = await fileEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const res = await api.call('GET', '/api/v2/billing/plans');
    expect(res.status).toBe(200);
    const body = (await res.json()) as PlansBody;
    expect(body.plans.map((p) => [p.id, p.paid, p.current])).toEqual([['free', false, false], ['pro', true, false]]);
    const pro = body.plans[1]!;
    expect(pro.price).toEqual({ price_id: 'price_pro_monthly', amount: 900, currency: 'eur', interval: 'month', interval_count: 1 });
    expect(pro.entitlements).toMatchObject({ slots: 20, max_file_size: 100 * 1024 * 1024, batch_enabled: true, queue: 'paid', webhooks_enabled: true });
    expect(body.plans[0]!.entitlements).toMatchObject({ slots: 3, batch_enabled: false, queue: 'free' });
    expect(body.purchase_availability).toEqual({ extension: true, website: true });
  });

  it('flag the plan of a signed-in caller', async () => {
    await using env = await fileEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const person = await signIn(env, { tier: 'pro' });
    const body = (await (await api.call('GET', '/api/v2/billing/plans', { headers: { cookie: person.cookie } })).json()) as PlansBody;
    expect(body.plans.map((p) => [p.id, p.current])).toEqual([['free', false], ['pro', true]]);
    // A stale cookie does not break the public page: it answers as for anyone.
    const stale = await api.call('GET', '/api/v2/billing/plans', { headers: { cookie: `p2m_session=p2ms_${'x'.repeat(43)}` } });
    expect(stale.status).toBe(200);
    expect(((await stale.json()) as PlansBody).plans.every((p) => !p.current)).toBe(true);
  });

  it('are read from Stripe once per TTL, and from the cache while Stripe is down', async () => {
    await using env = await fileEnv(STRIPE_ENV);
    await using api = await startApi(env);
    const reads = () => stripe.sent.filter((s) => s.path.startsWith('/v1/prices/')).length;
    const first = reads();
    expect((await api.call('GET', '/api/v2/billing/plans')).status).toBe(200);
    expect(reads()).toBe(first + 1);
    expect((await api.call('GET', '/api/v2/billing/plans')).status).toBe(200);
    expect(reads()).toBe(first + 1);
    stripe.down = true;
    const before = reads();
    const body = (await (await api.call('GET', '/api/v2/billing/plans')).json()) as PlansBody;
    expect(body.plans[1]!.price?.amount).toBe(900);
    expect(body.purchase_availability).toEqual({ extension: true, website: true });
    expect(reads()).toBe(before);
  });

  it('answer without prices, and with no purchase possible, when Stripe cannot be read and nothing is cached', async () => {
    await using env = await fileEnv(STRIPE_ENV);
    await using api = await startApi(env);
    stripe.down = true;
    const res = await api.call('GET', '/api/v2/billing/plans');
    expect(res.status).toBe(200);
    const body = (await res.json()) as PlansBody;
    expect(body.plans.map((p) => p.price)).toEqual([null, null]);
    expect(body.plans[1]!.entitlements).toMatchObject({ slots: 20 });
    expect(body.purchase_availability).toEqual({ extension: false, website: false });
  });

  it('follow the purchase channels of the configuration', async () => {
    await using env = await fileEnv({ ...STRIPE_ENV, P2M_BILLING_PURCHASE_CHANNELS: 'website' });
    await using api = await startApi(env);
    const body = (await (await api.call('GET', '/api/v2/billing/plans')).json()) as PlansBody;
    expect(body.purchase_availability).toEqual({ extension: false, website: true });
  });

  it('answer 503 billing_not_configured without Stripe configuration, while the rest works', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    for (const [method, path] of [['GET', '/api/v2/billing/plans'], ['POST', '/api/v2/billing/checkout'], ['POST', '/api/v2/billing/webhook']] as const) {
      const res = await api.call(method, path, method === 'POST' ? { json: { plan: 'pro', email: 'a@b.example' } } : {});
      expect([res.status, await errorCode(res)], path).toEqual([503, 'billing_not_configured']);
    }
    const user = await env.user();
    expect((await api.call('GET', '/api/v2/limits', { key: user.key })).status).toBe(200);
  });
});
