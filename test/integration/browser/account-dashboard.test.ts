/**
 * The account pages in Chromium, signed in through the development identity
 * provider: signed out, Overview (usage chart, slots, rate limit, the links
 * for programs), Jobs (empty, live status, Download, filter, paging, Delete
 * confirmed, the drop zone, error state) and API keys (scopes, shown once,
 * revoke confirmed, error state). Every page passes axe-core (no serious or
 * critical violations, light and dark) and fits a 320 px screen. One browser
 * and one service for the file; each test has its own account.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { settleJob } from '../../../worker/settle-job.ts';
import { describeInBrowser, launchChromium } from '../../support/chromium.ts';
import { consoleErrors, expectAccessible, expectFitsNarrowScreen, openSection, screenshot, signedIn } from '../../support/dashboard.ts';
import { makePdf } from '../../support/pdf.ts';
import { startSignInStack, type Stack } from '../../support/sign-in-stack.ts';
import { drainQueue, warmUp } from '../rest/api-client.ts';
import { claimOne } from '../worker/helpers.ts';

let stack: Stack;
let browser: Browser & AsyncDisposable;
beforeAll(async () => {
  await warmUp();
  stack = await startSignInStack({ env: { P2M_TIERS: JSON.stringify({ free: { slots: 30 } }) } });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stack?.[Symbol.asyncDispose]();
});

/** A job made by a program with the key, over multipart. */
async function createWithKey(secret: string, name: string, pages?: string[][]): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makePdf(pages))], { type: 'application/pdf' }), name);
  const res = await fetch(`${stack.base}/api/v2/jobs`, { method: 'POST', headers: { authorization: `Bearer ${secret}` }, body: form });
  expect(res.status).toBe(201);
}

/** An API key of the account, made on the API keys page as a person would; returns its secret. */
async function keyFromPage(page: import('playwright-core').Page, name: string): Promise<string> {
  await openSection(page, 'API keys');
  await page.getByLabel('Name of the new key').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('heading', { name: 'Your new key' }).waitFor();
  return (await page.locator('#new-key-secret').textContent())!;
}

describeInBrowser('the account pages in Chromium', () => {
  it('signed out: every section offers sign-in; the checkout return pages say what happened', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page, stack.base);
    for (const path of ['/account', '/account/jobs', '/account/webhooks']) {
      await page.goto(stack.base + path);
      expect(await page.getByRole('main').textContent()).toContain('You are not signed in');
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
    }
    await expectAccessible(page);
    await page.goto(`${stack.base}/billing/canceled`);
    await page.getByRole('heading', { name: 'Checkout canceled' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain('nothing was charged');
    await expectAccessible(page);
    await screenshot(page, 'billing-canceled');
    await page.getByRole('link', { name: 'Back to the plans' }).click();
    expect(new URL(page.url()).pathname).toBe('/account/plan');
    await page.goto(`${stack.base}/billing/success?session_id=cs_test_1`);
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('Sign in with the e-mail address you bought with');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Overview: account, Usage with its chart, slots, rate limit, and the links for programs', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await signedIn(stack, context, 'overview@example.org');
    const errors = consoleErrors(page, stack.base);
    const secret = await keyFromPage(page, 'ci');
    await createWithKey(secret, 'two-pages.pdf', [['Hello'], ['World']]);
    await drainQueue(stack.env);
    await openSection(page, 'Overview');
    await page.getByRole('heading', { name: 'Usage', level: 2 }).waitFor();
    expect(await page.locator('#account-email').textContent()).toBe('overview@example.org');
    expect(await page.locator('#account-tier').textContent()).toBe('free');
    expect(await page.locator('#usage-jobs').textContent()).toBe('1');
    expect(await page.locator('#usage-pages').textContent()).toBe('2');
    expect(await page.locator('#usage-slots').textContent()).toBe('0');
    expect(await page.locator('#rate-limit').textContent()).toBe(String(stack.env.config.tiers.free.ratePerMinute));
    const chart = page.getByRole('img', { name: /1 of \d[\d,]* jobs .* 2 of \d[\d,]* pages/ });
    await chart.waitFor();
    expect(await page.locator('svg.chart polyline').count()).toBe(2);
    // A section per area, each with its heading; the key's job with a Download link that gives its Markdown.
    for (const name of ['Jobs', 'API keys', 'Devices', 'Webhooks', 'Usage', 'Plan']) await page.getByRole('heading', { name, exact: true, level: 2 }).waitFor();
    const download = page.getByRole('link', { name: 'Download two-pages.pdf' });
    expect(await page.evaluate(async (href) => (await fetch(href)).text(), (await download.getAttribute('href'))!)).toContain('Hello');
    expect(await page.locator('#keys-summary + p').textContent()).toBe('1 of 3 keys.');
    // The links for programs and agents, and the MCP configuration to copy.
    for (const name of ['OpenAPI (REST API)', 'llms.txt']) {
      const href = (await page.getByRole('link', { name }).getAttribute('href'))!;
      expect((await page.request.get(stack.base + href)).status(), href).toBe(200);
    }
    expect(await page.locator('#mcp-snippet').textContent()).toContain(`"url": "${stack.base}/api/v2/mcp"`);
    await page.getByRole('button', { name: 'Copy MCP configuration' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied the MCP configuration to the clipboard.' }).waitFor();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toMatchObject({ mcpServers: { p2m: { type: 'http' } } });
    await expectAccessible(page);
    await expectFitsNarrowScreen(page);
    await screenshot(page, 'account-overview');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Jobs: empty, drop zone, live status to ready, Download, error meaning, filter, paging, Delete confirmed, error state', { timeout: 240_000 }, async () => {
    const context = await browser.newContext();
    const page = await signedIn(stack, context, 'jobs@example.org');
    const errors = consoleErrors(page, stack.base);
    await openSection(page, 'Jobs');
    await page.getByRole('cell', { name: /No jobs yet/ }).waitFor();
    await expectAccessible(page);

    // The drop zone's file field: the job appears at once, queued, made by this page.
    await page.getByLabel('PDF file').setInputFiles({ name: 'dropped.pdf', mimeType: 'application/pdf', buffer: await makePdf([['Dropped']]) });
    await page.getByRole('button', { name: 'Convert' }).click();
    await page.getByRole('status').filter({ hasText: 'dropped.pdf is queued.' }).waitFor();
    const dropped = page.getByRole('row').filter({ hasText: 'dropped.pdf' });
    await dropped.getByText('This page').waitFor();
    // The worker finishes it; the row turns ready by itself (ETag polling), with Download.
    await drainQueue(stack.env);
    const download = dropped.getByRole('link', { name: 'Download dropped.pdf' });
    await download.waitFor({ timeout: 20_000 });
    const md = await page.evaluate(async (href) => {
      const res = await fetch(href);
      return { type: res.headers.get('content-type'), text: await res.text() };
    }, (await download.getAttribute('href'))!);
    expect(md.type).toMatch(/^text\/markdown/);
    expect(md.text).toContain('Dropped');

    // A job made with a key names the key; a failed one says what its code means.
    const secret = await keyFromPage(page, 'robot');
    await createWithKey(secret, 'locked.pdf');
    const claimed = await claimOne(stack.env, 'w-dash');
    await settleJob(stack.env.runtime, claimed, { kind: 'failed', code: 'encrypted_pdf', message: 'The PDF is password-protected.' });
    await openSection(page, 'Jobs');
    const failed = page.getByRole('row').filter({ hasText: 'Key robot' });
    await failed.getByText('error: The PDF is password-protected.').waitFor();
    await failed.getByText('encrypted_pdf').waitFor();

    // Filter by status.
    await page.getByLabel('Show').selectOption('error');
    await expect.poll(() => page.locator('#job-rows tr').count()).toBe(1);
    await page.getByLabel('Show').selectOption('canceled');
    await page.getByRole('cell', { name: 'No canceled jobs.' }).waitFor();
    await page.getByLabel('Show').selectOption('');

    // Paging: 21 more jobs make two pages.
    for (let i = 0; i < 21; i++) await createWithKey(secret, `bulk-${i}.pdf`);
    await page.reload();
    await expect.poll(() => page.locator('#job-rows tr').count()).toBe(20);
    await page.getByRole('button', { name: 'Show older jobs' }).click();
    await expect.poll(() => page.locator('#job-rows tr').count()).toBe(23);
    expect(await page.getByRole('button', { name: 'Show older jobs' }).isHidden()).toBe(true);
    await expectFitsNarrowScreen(page);
    await screenshot(page, 'account-jobs');

    // Delete, confirmed: Cancel in the dialog keeps the job, Delete job removes it.
    await page.getByRole('button', { name: 'Delete dropped.pdf' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await dropped.count()).toBe(1);
    await page.getByRole('button', { name: 'Delete dropped.pdf' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete job' }).click();
    await page.getByRole('status').filter({ hasText: 'dropped.pdf deleted.' }).waitFor();
    await expect.poll(() => dropped.count()).toBe(0);

    // Error state: the list cannot be read.
    await page.route('**/api/v2/jobs?*', (r) => r.fulfill({ status: 503, json: { error: { code: 'internal', message: 'Service unavailable.', request_id: 'r' } } }));
    await page.reload();
    await page.getByRole('cell', { name: 'Could not load your jobs: Service unavailable.' }).waitFor();
    await page.unroute('**/api/v2/jobs?*');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('API keys: scopes chosen, secret shown once and put in the MCP snippet, revoke confirmed, error state', { timeout: 180_000 }, async () => {
    const context = await browser.newContext();
    const page = await signedIn(stack, context, 'keys@example.org');
    const errors = consoleErrors(page, stack.base);
    await openSection(page, 'API keys');
    await page.getByRole('cell', { name: 'No keys yet.' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Name of the new key').fill('reader');
    await page.getByRole('checkbox', { name: /jobs:create/ }).uncheck();
    await page.getByRole('checkbox', { name: /jobs:delete/ }).uncheck();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Your new key' }).waitFor();
    const secret = (await page.locator('#new-key-secret').textContent())!;
    expect(secret).toMatch(/^p2m_/);
    expect(await page.locator('#mcp-snippet').textContent()).toContain(`Bearer ${secret}`);
    const row = page.getByRole('row').filter({ hasText: 'reader' });
    await row.getByText('jobs:read, jobs:download').waitFor();
    await row.getByText('never').waitFor();
    // The key works within its scopes only; then it shows as used.
    expect((await fetch(`${stack.base}/api/v2/jobs`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }), 'a.pdf');
    expect((await fetch(`${stack.base}/api/v2/jobs`, { method: 'POST', headers: { authorization: `Bearer ${secret}` }, body: form })).status).toBe(403);
    await page.reload();
    await expect.poll(() => row.getByText('never').count()).toBe(0);
    await expectAccessible(page);
    await expectFitsNarrowScreen(page);
    await screenshot(page, 'account-keys');
    await page.getByRole('button', { name: 'Revoke key reader' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await fetch(`${stack.base}/api/v2/jobs`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke key reader' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('cell', { name: 'No keys yet.' }).waitFor();
    expect((await fetch(`${stack.base}/api/v2/jobs`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
    await page.route('**/api/v2/api-keys', (r) => r.fulfill({ status: 503, json: { error: { code: 'internal', message: 'Try later.', request_id: 'r' } } }));
    await page.reload();
    await page.getByRole('cell', { name: 'Could not load your API keys: Try later.' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
