/**
 * The browser flow in Chromium (playwright-core, Debian's chromium): sign in
 * through the provider's login and consent pages, land on the callback page
 * with an HttpOnly cookie, read /api/v2/me; then on /account create an API
 * key (shown once, copied), use it from a program, revoke it (401 after),
 * and sign out. Elements are found by role and label, as assistive
 * technology finds them; a CSP violation on our pages fails the test.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchChromium } from '../../support/chromium.ts';
import { makePdf } from '../../support/pdf.ts';
import { startSignInStack } from '../../support/sign-in-stack.ts';
import { warmUp } from '../rest/api-client.ts';

beforeAll(warmUp);

/** Console errors of our own origin's pages (a CSP violation is reported there). */
function consoleErrors(page: Page, origin: string): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && page.url().startsWith(origin)) errors.push(m.text());
  });
  return errors;
}

/** From a page with the "Sign in" link, through the provider, to the callback page. */
async function signInThroughProvider(page: Page, email: string): Promise<void> {
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.getByRole('heading', { name: 'Signed in' }).waitFor();
}

const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'p2m_session');

describeInBrowser('sign-in in Chromium', () => {
  it('start → provider login → consent → callback page → HttpOnly cookie → /api/v2/me', { timeout: 120_000 }, async () => {
    await using stack = await startSignInStack();
    await using browser = await launchChromium();
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page, stack.base);
    await page.goto(`${stack.base}/api/v2/auth/idp/start`);
    await page.getByLabel('E-mail').fill('browser@example.org');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/api/v2/auth/idp/callback');
    expect(await page.getByRole('status').textContent()).toContain('browser@example.org');

    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Scripts on the page cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('p2m_session');
    const me = await page.evaluate(async () => (await fetch('/api/v2/me')).json());
    expect(me).toMatchObject({ email: 'browser@example.org', tier: 'free', authenticated_by: 'session' });
    expect(errors).toEqual([]);
  });

  it('/account: create a key (shown once, copied), use it, revoke it (401), sign out', { timeout: 180_000 }, async () => {
    await using stack = await startSignInStack();
    await using browser = await launchChromium();
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = consoleErrors(page, stack.base);
    await page.goto(`${stack.base}/account`);
    expect(await page.getByRole('main').textContent()).toContain('You are not signed in');
    await signInThroughProvider(page, 'keys@example.org');
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await page.locator('#account-email').textContent()).toBe('keys@example.org');
    expect(await page.locator('#account-tier').textContent()).toBe('free');
    await page.getByRole('navigation').getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'No keys yet.' }).waitFor();

    await page.getByLabel('Name of the new key').fill('laptop');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Your new key' }).waitFor();
    const secret = (await page.locator('#new-key-secret').textContent())!;
    expect(secret).toMatch(/^p2m_[\w-]{43}$/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied the key to the clipboard.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('cell', { name: 'laptop', exact: true }).waitFor();

    // A program uses the key.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }), 'a.pdf');
    const created = await fetch(`${stack.base}/api/v2/jobs`, { method: 'POST', headers: { authorization: `Bearer ${secret}` }, body: form });
    expect(created.status).toBe(201);
    const listed = await fetch(`${stack.base}/api/v2/jobs`, { headers: { authorization: `Bearer ${secret}` } });
    expect(listed.status).toBe(200);

    await page.getByRole('button', { name: 'Revoke key laptop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('status').filter({ hasText: 'Key laptop revoked.' }).waitFor();
    await page.getByRole('cell', { name: 'No keys yet.' }).waitFor();
    expect((await fetch(`${stack.base}/api/v2/jobs`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);

    await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
    expect(await page.locator('#usage-jobs').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are not signed in').waitFor();
    expect(await sessionCookie(context)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
