/**
 * The extension in Chromium, from the popup: first use registers the device
 * (a non-extractable key in IndexedDB), a PDF set on "PDF file" and
 * "Convert" gives its Markdown in "Markdown" — the acceptance check — and
 * the result can be copied and downloaded.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../support/chromium.ts';
import { makePdf } from '../support/pdf.ts';
import { startRig, type Rig } from './support/extension-rig.ts';

describeInBrowser('extension popup in Chromium', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(async () => {
    await rig?.[Symbol.asyncDispose]();
  });

  it('converts a PDF chosen in the popup: "PDF file" → "Convert" → "Markdown"', { timeout: 90_000 }, async () => {
    const popup = await rig.open('popup.html');
    const pdf = await makePdf([['Extension acceptance', 'The popup converts this page.']]);
    await popup.getByLabel('PDF file').setInputFiles({ name: 'accept.pdf', mimeType: 'application/pdf', buffer: pdf });
    await popup.getByRole('button', { name: 'Convert', exact: true }).click();
    const markdown = popup.getByLabel('Markdown');
    await expect
      .poll(async () => (await markdown.inputValue()) || `status: ${await popup.locator('#status').textContent()} problem: ${await popup.locator('#problem').textContent()} errors: ${rig.errors.join(' | ')}`, { timeout: 60_000 })
      .toContain('The popup converts this page.');
    expect(await popup.getByRole('status').textContent()).toContain('accept.pdf: converted');

    const download = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Download .md' }).click();
    expect((await download).suggestedFilename()).toBe('accept.md');
    await popup.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => popup.getByRole('status').textContent()).toBe('Copied the Markdown to the clipboard.');
    await popup.getByRole('button', { name: 'Show accept.pdf' }).waitFor();
    expect(rig.errors).toEqual([]);
  });
});
