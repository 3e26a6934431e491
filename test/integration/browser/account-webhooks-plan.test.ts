/**
 * The Webhooks, Plan and Devices pages in Chromium, signed in through the
 * development identity provider. Webhooks: on free, why not and a link to
 * Plan; on pro, an endpoint added through the field "Endpoint URL" (secret
 * shown once), a test event, its failed delivery with the answers of its
 * attempts, Redeliver, rotation and deletion confirmed, and a refused URL.
 * Plan: the plans side by side, billing not configured said plainly; with
 * billing (Stripe answered at its HTTP edge by msw, its pages by Playwright),
 * Upgrade goes to checkout and Manage billing to the portal. Devices: the
 * empty state and the error state. axe-core on every page.
 */
import { eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { accounts } from '../../../db/schema.ts';
import { createDispatcher } from '../../../worker/webhooks/dispatcher.ts';
import { describeInBrowser, launchChromium } from '../../support/chromium.ts';
import { consoleErrors, expectAccessible, expectFitsNarrowScreen, openSection, screenshot, signedIn } from '../../support/dashboard.ts';
import { startSignInStack, type Stack } from '../../support/sign-in-stack.ts';
import { STRIPE_ENV, startStripeMock } from '../../support/stripe-mock.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import { warmUp } from '../rest/api-client.ts';

let receiver: Receiver;
let stack: Stack;
let browser: Browser & AsyncDisposable;
beforeAll(async () => {
  await warmUp();
  receiver = await startReceiver();
  stack = await startSignInStack({ env: { ...serviceEnv(receiver), P2M_WEBHOOK_RETRY_SECONDS: '1' } });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stack?.[Symbol.asyncDispose]();
  await receiver?.close();
});

const setTier = async (s: Stack, email: string, tier: 'free' | 'pro') =>
  s.env.runtime.db.update(accounts).set({ tier }).where(eq(accounts.email, email));

/** Sends what is due now, after back-dating any pending retry so it is due. */
async function deliverDue(): Promise<void> {
  await stack.env.runtime.db.execute(sql`UPDATE webhook_deliveries SET run_at = now() WHERE status = 'pending'`);
  await createDispatcher(stack.env.runtime).runOnce();
}

async function refreshLog(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
}

describeInBrowser('Webhooks, Plan and Devices in Chromium', () => {
  it('Webhooks on free: says why and links to Plan', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const page = await signedIn(stack, context, 'free-hooks@example.org');
    await openSection(page, 'Webhooks');
    expect(await page.locator('#webhooks-not-in-plan').textContent()).toContain('Your plan (free) has none');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'See the plans and upgrade' }).click();
    await page.getByRole('heading', { name: 'Plan', level: 1 }).waitFor();
    await context.close();
  });

  it('Webhooks on pro: add by Endpoint URL, test, failed delivery with answers, Redeliver, rotate, delete', { timeout: 240_000 }, async () => {
    const context = await browser.newContext();
    const page = await signedIn(stack, context, 'pro-hooks@example.org');
    const errors = consoleErrors(page, stack.base);
    await setTier(stack, 'pro-hooks@example.org', 'pro');
    await openSection(page, 'Webhooks');
    await page.getByRole('cell', { name: 'No endpoints yet.' }).waitFor();
    await expectAccessible(page);

    // A refused address is said, and nothing is added.
    await page.getByLabel('Endpoint URL').fill('http://example.com/hook');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('status').filter({ hasText: /^Could not add the endpoint: .*https URL/ }).waitFor();

    const url = `${receiver.base}/dash`;
    receiver.answer('/dash', { status: 500 });
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByRole('checkbox', { name: 'job.ready' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'Signing secret' }).waitFor();
    expect(await page.locator('#new-secret-value').textContent()).toMatch(/^whsec_/);
    const row = page.getByRole('row').filter({ hasText: url });
    await row.getByRole('cell', { name: 'job.ready' }).waitFor();
    await page.getByRole('heading', { name: `Deliveries to ${url}` }).waitFor();
    await page.getByRole('cell', { name: /No deliveries yet/ }).waitFor();

    // A test event, answered 500 on both attempts: failed, with each attempt's answer.
    await page.getByRole('button', { name: `Send test event to ${url}` }).click();
    await page.getByRole('status').filter({ hasText: `Test event queued for ${url}.` }).waitFor();
    await page.getByRole('cell', { name: 'job.ready (test)' }).waitFor();
    await deliverDue();
    await deliverDue();
    await refreshLog(page, url);
    const failed = page.getByRole('row').filter({ hasText: 'job.ready (test)' });
    await failed.getByText('2 of 2').waitFor();
    expect(await failed.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^retry, HTTP 500/), expect.stringMatching(/^failed, HTTP 500/)]);
    await expectFitsNarrowScreen(page);

    // Redeliver, now answered 200: a new delivery, delivered; the failed one stays.
    receiver.answer('/dash', { status: 200 });
    await failed.getByRole('button', { name: /^Redeliver job.ready/ }).click();
    await page.getByRole('status').filter({ hasText: 'Delivery of job.ready queued again.' }).waitFor();
    await deliverDue();
    await refreshLog(page, url);
    await page.getByRole('cell', { name: 'delivered', exact: true }).waitFor();
    expect(await page.locator('#log-rows tr').count()).toBe(2);
    expect(receiver.at('/dash')).toHaveLength(3);
    await expectAccessible(page);
    await screenshot(page, 'account-webhooks');

    // Rotate (confirmed) shows the new secret once; Delete (confirmed) removes the endpoint.
    const first = await page.locator('#new-secret-value').textContent();
    await page.getByRole('button', { name: `Rotate secret of ${url}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    await page.getByRole('heading', { name: 'New signing secret' }).waitFor();
    expect(await page.locator('#new-secret-value').textContent()).not.toBe(first);
    await page.getByRole('button', { name: `Delete the endpoint ${url}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await row.waitFor();
    await page.getByRole('button', { name: `Delete the endpoint ${url}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('cell', { name: 'No endpoints yet.' }).waitFor();
    // Error state: the endpoints cannot be read.
    await page.route('**/api/v2/webhooks', (r) => r.fulfill({ status: 503, json: { error: { code: 'internal', message: 'Try later.', request_id: 'r' } } }));
    await page.reload();
    await page.getByRole('cell', { name: 'Could not load your endpoints: Try later.' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Plan without billing: the plans side by side, and billing not configured said plainly', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const page = await signedIn(stack, context, 'plan@example.org');
    await openSection(page, 'Plan');
    await page.getByRole('columnheader', { name: 'free (your plan)' }).waitFor();
    await page.getByRole('columnheader', { name: 'pro', exact: true }).waitFor();
    const slots = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Jobs at once (slots)' }) });
    expect(await slots.getByRole('cell').allTextContents()).toEqual([String(stack.env.config.tiers.free.slots), String(stack.env.config.tiers.pro.slots)]);
    expect(await page.locator('#billing-not-configured').textContent()).toContain('Billing is not configured on this service');
    expect(await page.getByRole('button', { name: /Upgrade|Manage billing/ }).count()).toBe(0);
    await expectAccessible(page);
    await expectFitsNarrowScreen(page);
    await screenshot(page, 'account-plan');
    await context.close();
  });

  it('Plan with billing: price shown, Upgrade goes to checkout, Manage billing to the portal', { timeout: 120_000 }, async () => {
    // Started here only: msw would also catch this file's webhook deliveries to the loopback receiver.
    const stripe = startStripeMock();
    onTestFinished(() => stripe.close());
    await using billed = await startSignInStack({ env: STRIPE_ENV });
    const context = await browser.newContext();
    // The provider's pages, answered in the browser: nothing leaves the machine.
    await context.route(/^https:\/\/(checkout|billing)\.stripe\.com\//, (r) => r.fulfill({ contentType: 'text/html', body: '<title>Stripe stand-in</title>' }));
    const page = await signedIn(billed, context, 'buyer@example.org');
    await openSection(page, 'Plan');
    const price = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Price' }) });
    expect(await price.getByRole('cell').allTextContents()).toEqual(['free', '€9.00 a month']);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Upgrade to pro' }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\//);
    const sent = stripe.sent.find((s) => s.path === '/v1/checkout/sessions')!;
    expect(sent.form.success_url).toBe(`${billed.base}/billing/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(sent.form.cancel_url).toBe(`${billed.base}/billing/canceled`);
    await page.goto(`${billed.base}/billing/success?session_id=cs_test_x`);
    expect(await page.locator('#plan-now').textContent()).toBe('free');
    await page.getByRole('link', { name: 'your plan' }).click();
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    await context.close();
  });

  it('Devices: the empty state and the error state', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const page = await signedIn(stack, context, 'devices@example.org');
    await openSection(page, 'Devices');
    await page.getByRole('cell', { name: /No linked devices\.|Device management is not available/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'account-devices');
    await page.route('**/api/v2/account/devices', (r) => r.fulfill({ status: 503, json: { error: { code: 'internal', message: 'Try later.', request_id: 'r' } } }));
    await page.reload();
    await page.getByRole('cell', { name: 'Could not load your devices: Try later.' }).waitFor();
    await context.close();
  });
});
