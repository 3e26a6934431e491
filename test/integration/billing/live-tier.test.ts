/**
 * A plan change is live: the very next request of a key (cached principal on
 * the embedded server included), of a session, over REST and MCP, sees the
 * new tier's limits, slots and rate budget; the rate counter is the key's
 * own, so an upgrade raises the limit without a fresh count and a
 * cancellation lowers it at once (memory on PGlite, Redis on PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers } from '../../../db/schema.ts';
import { mcpRoutes } from '../../../server/mcp-tools.ts';
import { signIn } from '../../support/sign-in.ts';
import { STRIPE_ENV, eventOf, startStripeMock, subscriptionObject, type StripeMock } from '../../support/stripe-mock.ts';
import { fileEnv } from '../../support/test-env.ts';
import { mcpTransport } from '../parity/transports.ts';
import { errorCode, startApi, warmUp } from '../rest/api-client.ts';
import { deliver } from './billing-helpers.ts';

let stripe: StripeMock;
beforeAll(async () => {
  stripe = startStripeMock();
  await warmUp();
});
afterAll(() => stripe.close());

describe('live tier', () => {
  it('raises the rate limit of a key at once on upgrade, and lowers it at once on cancellation', async () => {
    await using env = await fileEnv({ ...STRIPE_ENV, P2M_TIERS: JSON.stringify({ free: { ratePerMinute: 2 }, pro: { ratePerMinute: 5 } }) });
    await using api = await startApi(env);
    const user = await env.user();
    await env.runtime.db.insert(billingCustomers).values({ accountId: user.accountId, customerId: 'cus_rate' });
    const limits = () => api.call('GET', '/api/v2/limits', { key: user.key });
    for (let i = 0; i < 2; i++) expect((await limits()).status).toBe(200);
    const limited = await limits();
    expect([limited.status, await errorCode(limited)]).toEqual([429, 'rate_limited']);
    const sub = subscriptionObject({ customer: 'cus_rate', status: 'active' });
    await deliver(api, eventOf('customer.subscription.created', sub));
    // Three calls counted this minute (the refused one too); the pro limit of 5 leaves one more after this.
    const raised = await limits();
    expect(raised.status).toBe(200);
    expect(raised.headers.get('ratelimit-policy')).toBe('"pro";q=5;w=60');
    expect(raised.headers.get('ratelimit')).toMatch(/^"pro";r=1;t=\d+$/);
    await deliver(api, eventOf('customer.subscription.deleted', { ...sub, status: 'canceled' }));
    const lowered = await limits();
    expect([lowered.status, await errorCode(lowered)]).toEqual([429, 'rate_limited']);
    expect(lowered.headers.get('ratelimit-policy')).toBe('"free";q=2;w=60');
  });

  it('shows the new entitlements on the next request of a key (REST and MCP) and of a session', async () => {
    await using env = await fileEnv(STRIPE_ENV);
    await using api = await startApi(env, { mcp: mcpRoutes });
    const person = await signIn(env);
    const { issueApiKey } = await import('../../../core/keys/issue-api-key.ts');
    const { secret } = await issueApiKey(env.runtime.db, env.config.tiers, { accountId: person.accountId, name: 'k' });
    await env.runtime.db.insert(billingCustomers).values({ accountId: person.accountId, customerId: 'cus_live' });
    const mcp = mcpTransport(api.base);
    // Seen (and, on the embedded server, cached) as free first.
    expect(await (await api.call('GET', '/api/v2/limits', { key: secret })).json()).toMatchObject({ tier: 'free', slot_usage: { limit: 3 }, batch_enabled: false });
    await deliver(api, eventOf('customer.subscription.created', subscriptionObject({ customer: 'cus_live', status: 'active' })));
    const pro = { tier: 'pro', slot_usage: { limit: 20 }, max_file_size: 100 * 1024 * 1024, batch_enabled: true };
    expect(await (await api.call('GET', '/api/v2/limits', { key: secret })).json()).toMatchObject(pro);
    expect(await mcp.call(secret, 'get_limits', {})).toMatchObject({ data: pro });
    expect(await (await api.call('GET', '/api/v2/limits', { headers: { cookie: person.cookie } })).json()).toMatchObject(pro);
    // Every tool result carries the live tier and slot limit.
    expect(await mcp.call(secret, 'list_jobs', {})).toMatchObject({ data: { tier: 'pro', slot_usage: { limit: 20 } } });
  });
});
