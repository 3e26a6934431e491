/**
 * The paid lane end to end, with Stripe mocked at its HTTP edge: plans with
 * prices; an anonymous buyer checks out; the signed "subscription created"
 * event makes the claimable account pro; a key of that account gets 20
 * slots, 100 MB uploads and batch, and its jobs overtake free jobs in the
 * queue; a cancellation moves the account back to free. (The buyer's sign-in
 * claiming the account is the identity-provider callback's part.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../../core/keys/issue-api-key.ts';
import { accounts } from '../../../db/schema.ts';
import { claimJobs } from '../../../worker/sql/claim-jobs.ts';
import { makePdf } from '../../support/pdf.ts';
import { STRIPE_ENV, eventOf, startStripeMock, subscriptionObject, type StripeMock } from '../../support/stripe-mock.ts';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from '../rest/api-client.ts';
import { deliver } from './billing-helpers.ts';

let stripe: StripeMock;
let origin: Server;
let pdfUrl: string;
beforeAll(async () => {
  stripe = startStripeMock();
  const pdf = await makePdf([['A paid conversion']]);
  origin = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  pdfUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/paper.pdf`;
  await warmUp();
});
afterAll(() => {
  stripe.close();
  origin.closeAllConnections();
  origin.close();
});

describe('paid journey', () => {
  it('plans → anonymous checkout → subscription created → pro entitlements and queue → cancellation → free', async () => {
    await using env = await fileEnv({ ...STRIPE_ENV, P2M_ALLOW_PRIVATE_URLS: 'true', P2M_TIERS: JSON.stringify({ free: { slots: 10 } }) });
    await using api = await startApi(env);
    const plans = (await (await api.call('GET', '/api/v2/billing/plans')).json()) as { plans: { id: string; price: { amount: number } | null }[] };
    expect(plans.plans.find((p) => p.id === 'pro')!.price!.amount).toBe(900);

    const checkout = await api.call('POST', '/api/v2/billing/checkout', { json: { plan: 'pro', email: 'buyer@example.org' } });
    expect(checkout.status).toBe(200);
    const [account] = await env.runtime.db.select().from(accounts).where(eq(accounts.email, 'buyer@example.org'));
    expect(account).toMatchObject({ claimable: true, tier: 'free' });
    // Stripe completes the checkout: the subscription it creates carries the customer made for the buyer.
    const customer = [...stripe.customers.values()].find((c) => c.email === 'buyer@example.org')!;
    const sub = subscriptionObject({ customer: customer.id, status: 'active', metadata: { p2m_account_id: account!.id } });
    expect((await deliver(api, eventOf('customer.subscription.created', sub))).status).toBe(200);
    const [upgraded] = await env.runtime.db.select().from(accounts).where(eq(accounts.id, account!.id));
    expect(upgraded).toMatchObject({ claimable: true, tier: 'pro' });

    const { secret: key } = await issueApiKey(env.runtime.db, env.config.tiers, { accountId: account!.id, name: 'buyer' });
    const limits = await (await api.call('GET', '/api/v2/limits', { key })).json();
    expect(limits).toMatchObject({ tier: 'pro', slot_usage: { limit: 20 }, max_file_size: 100 * 1024 * 1024, batch_enabled: true });

    // Uploads past the free 10 MiB cap are taken (the cap is read from the live tier while the upload streams).
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const upload = await api.upload(key, big);
    expect(upload.status).toBe(201);
    const bigId = ((await upload.json()) as { job_id: string }).job_id;

    // A free account fills the queue first; the pro batch still starts first.
    const free = await env.user();
    for (let i = 0; i < 5; i++) expect((await api.call('POST', '/api/v2/jobs', { key: free.key, json: { url: pdfUrl } })).status).toBe(201);
    const batch = await api.call('POST', '/api/v2/jobs/batch', { key, json: { items: [{ url: pdfUrl }, { url: pdfUrl }] } });
    expect(batch.status).toBe(201);
    const paidIds = ((await batch.json()) as { items: { job_id: string }[] }).items.map((j) => j.job_id);
    const first = await claimJobs(env.runtime.db, { workerId: 'w', pools: ['paid', 'free'], limit: 3, leaseSeconds: 60 });
    expect(first.map((j) => j.id).sort()).toEqual([bigId, ...paidIds].sort());

    await deliver(api, eventOf('customer.subscription.deleted', { ...sub, status: 'canceled' }));
    const after = await (await api.call('GET', '/api/v2/limits', { key })).json();
    expect(after).toMatchObject({ tier: 'free', slot_usage: { limit: 10 }, batch_enabled: false });
    const refused = await api.call('POST', '/api/v2/jobs/batch', { key, json: { items: [{ url: pdfUrl }] } });
    expect([refused.status, await errorCode(refused)]).toEqual([403, 'plan_required']);
  });
});
