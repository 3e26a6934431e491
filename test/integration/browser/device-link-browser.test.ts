/**
 * The whole device link in Chromium (issue 18): the device asks for a link
 * and shows its code; the person opens login_url, signs in at the
 * development provider, sees the same code on the confirmation page and
 * presses Link this device (a real form POST, so the page's referrer policy
 * must let the browser send its Origin); then /account lists the device and
 * unlinks it after a confirmation dialog. A CSP violation on our pages fails
 * the test.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchChromium } from '../../support/chromium.ts';
import { startLinkStack } from '../../support/link-stack.ts';
import { warmUp } from '../rest/api-client.ts';
import { pdfBytes } from '../v1/support/pdf-bytes.ts';

beforeAll(warmUp);

function consoleErrors(page: Page, origin: string): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && page.url().startsWith(origin)) errors.push(m.text());
  });
  return errors;
}

describeInBrowser('device link in Chromium', () => {
  it('code shown by the device → sign in → same code → Link → listed on /account → Unlink', { timeout: 180_000 }, async () => {
    await using stack = await startLinkStack();
    const device = await stack.newDevice();
    await device.client.createJobFromFile(await pdfBytes(), 'waiting.pdf');
    const { login_url, user_code } = await device.account.startLink();
    expect(user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);

    await using browser = await launchChromium();
    const page = await (await browser.newContext()).newPage();
    const errors = consoleErrors(page, stack.base);
    await page.goto(login_url);
    await page.getByLabel('E-mail').fill('person@example.org');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { name: 'Link a device to your account?' }).waitFor();
    expect(await page.locator('#user-code').textContent()).toBe(user_code);
    expect(await page.locator('#device-jobs').textContent()).toContain('1 conversion job');
    expect(await device.account.getLinkStatus()).toEqual({ linked: false, tier: 'anonymous' });

    await page.getByRole('button', { name: 'Link this device' }).click();
    await page.getByRole('heading', { name: 'Device linked' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain(user_code);
    expect(await device.account.getLinkStatus()).toMatchObject({ linked: true, tier: 'free' });

    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Devices' }).click();
    const name = `${user_code!.slice(0, 4)}-…`;
    await page.getByRole('cell', { name, exact: true }).waitFor();
    const unlink = page.getByRole('button', { name: `Unlink device ${name}` });
    // First answer the confirmation with Cancel: nothing changes.
    await unlink.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('status').filter({ hasText: `Device ${name} stays linked.` }).waitFor();
    expect(await device.account.getLinkStatus()).toMatchObject({ linked: true });
    await unlink.click();
    expect(await page.getByRole('dialog').textContent()).toContain('API keys it created are revoked');
    await page.getByRole('dialog').getByRole('button', { name: 'Unlink device' }).click();
    await page.getByRole('status').filter({ hasText: `Device ${name} unlinked.` }).waitFor();
    await page.getByRole('cell', { name: 'No linked devices.' }).waitFor();
    expect(await device.account.getLinkStatus()).toEqual({ linked: false, tier: 'anonymous' });
    expect(errors).toEqual([]);
  });
});
