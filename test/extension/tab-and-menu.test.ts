/**
 * Converting what the browser shows: the PDF open in the current tab (the
 * service fetches a public link itself), a PDF behind a cookie only the
 * browser has (the extension reads the bytes and uploads them), and the
 * "Convert to Markdown" link menu, driven through the service worker, which
 * reports in the popup's recent conversions; once past retention the job
 * shows there as expired, not as an error.
 */
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { purgeExpired } from '../../worker/worker.ts';
import { describeInBrowser } from '../support/chromium.ts';
import { makePdf } from '../support/pdf.ts';
import type { WorkerApi } from './support/in-worker.ts';
import { startPdfOrigin, type PdfOrigin } from './support/pdf-origin.ts';
import { startRig, type Rig } from './support/extension-rig.ts';

declare const p2m: WorkerApi;

describeInBrowser('extension: tab and link menu in Chromium', () => {
  let rig: Rig;
  let site: PdfOrigin;
  beforeAll(async () => {
    rig = await startRig();
    site = await startPdfOrigin({
      'public.pdf': await makePdf([['A public paper', 'Anyone may fetch this one.']]),
      'members.pdf': await makePdf([['Members only', 'Only a signed-in browser reads this.']]),
      'linked.pdf': await makePdf([['A linked paper', 'Converted from the link menu.']]),
    });
  });
  afterAll(async () => {
    await site?.[Symbol.asyncDispose]();
    await rig?.[Symbol.asyncDispose]();
  });

  /** Opens a URL in a tab, then the popup in another tab, and makes the first tab the active one again. */
  async function popupOverTab(url: string): Promise<Page> {
    const tab = await rig.context.newPage();
    await tab.goto(url).catch(() => undefined); // a PDF may load in the viewer or as a download; the tab keeps the URL
    const popup = await rig.open('popup.html');
    const sw = await rig.sw();
    await sw.evaluate(async (u) => {
      const [t] = await chrome.tabs.query({ url: u });
      await chrome.tabs.update(t!.id!, { active: true });
    }, url);
    return popup;
  }

  async function convertTab(popup: Page, expected: string): Promise<void> {
    await popup.getByRole('button', { name: 'Convert this tab' }).click();
    await expect
      .poll(async () => (await popup.getByLabel('Markdown').inputValue()) || `${await popup.locator('#status').textContent()} ${await popup.locator('#problem').textContent()}`, { timeout: 60_000 })
      .toContain(expected);
  }

  it('converts the PDF open in the current tab from its public URL', { timeout: 90_000 }, async () => {
    const url = `${site.base}/open/public.pdf`;
    const popup = await popupOverTab(url);
    await convertTab(popup, 'Anyone may fetch this one.');
    // The service fetched it; the extension never read the bytes itself (the tab's own load is the only browser hit).
    const hits = site.hits.filter((h) => h.path === '/open/public.pdf');
    expect(hits.filter((h) => !h.browser).length).toBe(1);
  });

  it('reads a PDF behind a login with the browser\'s cookie and uploads it', { timeout: 90_000 }, async () => {
    await rig.context.addCookies([{ name: 'session', value: 'letmein', domain: '127.0.0.1', path: '/', sameSite: 'Lax' }]);
    const url = `${site.base}/private/members.pdf`;
    const popup = await popupOverTab(url);
    await convertTab(popup, 'Only a signed-in browser reads this.');
    const hits = site.hits.filter((h) => h.path === '/private/members.pdf');
    expect(hits.filter((h) => !h.browser && !h.cookie).length).toBe(1); // the service tried and was refused
    expect(hits.filter((h) => h.browser && h.cookie).length).toBeGreaterThan(0); // the browser read it with the cookie
    expect(rig.errors).toEqual([]);
  });

  it('"Convert to Markdown" on a link: the worker converts, notifies, and the popup lists it', { timeout: 90_000 }, async () => {
    const sw = await rig.sw();
    const menu = await sw.evaluate(async () => {
      const items = await new Promise<unknown>((r) => chrome.contextMenus.update('p2m-convert-link', {}, () => r(chrome.runtime.lastError?.message ?? 'exists')));
      return items;
    });
    expect(menu).toBe('exists');
    const outcome = await sw.evaluate((linkUrl) => p2m.onMenuClick({ menuItemId: 'p2m-convert-link', linkUrl }), `${site.base}/open/linked.pdf`);
    expect(outcome).toMatchObject({ ok: true, message: 'linked.pdf is converted. Open p2m to copy or download the Markdown.' });
    const notifications = await sw.evaluate(() => new Promise<object>((r) => chrome.notifications.getAll(r)));
    expect(Object.keys(notifications).length).toBeGreaterThan(0);
    const popup = await rig.open('popup.html');
    await popup.getByRole('button', { name: 'Show linked.pdf' }).click();
    await expect.poll(() => popup.getByLabel('Markdown').inputValue()).toContain('Converted from the link menu.');
    expect(await popup.getByRole('list').textContent()).toContain('From the link menu.');

    // Past retention (back-dated, then the sweep): expired, not an error.
    const rt = rig.stack.env.runtime;
    await rt.db.execute(sql`UPDATE jobs SET ready_at = now() - interval '61 minutes' WHERE id = ${outcome!.jobId!}`);
    await purgeExpired(rt);
    await popup.reload();
    const item = popup.getByRole('listitem').filter({ hasText: 'linked.pdf' });
    await expect.poll(() => item.textContent()).toContain('expired');
    expect(await item.textContent()).not.toMatch(/failed|error/i);
    await expect.poll(() => item.getByRole('button', { name: 'Show linked.pdf' }).count()).toBe(0);
  });
});
