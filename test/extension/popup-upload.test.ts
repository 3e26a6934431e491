/**
 * The extension in Chromium, from the popup: first use registers the device
 * (a non-extractable key in IndexedDB), a PDF set on "PDF file" and
 * "Convert" gives its Markdown in "Markdown" — the acceptance check — and
 * the result can be copied and downloaded. Errors come in words: slots_full
 * names the jobs holding the slots (and they can be canceled from there), a
 * file over the cap states the limit, a service that is down is "unreachable".
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../support/chromium.ts';
import { makePdf } from '../support/pdf.ts';
import type { WorkerApi } from './support/in-worker.ts';
import { startRig, TEST_MAX_FILE_BYTES, type Rig } from './support/extension-rig.ts';
import { screenshot } from './support/screenshots.ts';

declare const p2m: WorkerApi;

/** A PDF of about `bytes` bytes (random-looking text does not compress in the file). */
async function pdfOfSize(bytes: number): Promise<Buffer> {
  const line = () => Array.from({ length: 80 }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join('');
  const pages = Array.from({ length: Math.ceil(bytes / 3000) }, () => Array.from({ length: 40 }, line));
  return makePdf(pages);
}

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
    await screenshot(popup, 'popup');
    expect(rig.errors).toEqual([]);
  });

  it('a PDF over the size cap: the popup states the limit, and a 413 from the service says the same', { timeout: 60_000 }, async () => {
    const big = await pdfOfSize(TEST_MAX_FILE_BYTES + 50_000);
    expect(big.length).toBeGreaterThan(TEST_MAX_FILE_BYTES);
    const popup = await rig.open('popup.html');
    await popup.getByLabel('PDF file').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: big });
    await popup.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => popup.getByRole('alert').textContent()).toMatch(/^This PDF \(\d+ KB\) is larger than the limit of 200 KB for one conversion/);
    // The same upload sent past the popup's check: the service answers 413, said in the same words.
    const sw = await rig.sw();
    const said = await sw.evaluate(async (bytes) => {
      const { device } = await p2m.service();
      try {
        await device.createJobFromFile(new Uint8Array(bytes), 'big.pdf');
        return 'accepted';
      } catch (error) {
        return `${(error as { status: number }).status} ${p2m.errorInWords(error, { maxFileBytes: (await device.getConfig()).max_file_size })}`;
      }
    }, [...big]);
    expect(said).toBe('413 This PDF is larger than the limit of 200 KB for one conversion, so it was not converted.');
  });

  it('slots_full names the jobs holding the slots and lets one be canceled', { timeout: 90_000 }, async () => {
    await rig.jobs.pause();
    try {
      const sw = await rig.sw();
      const pdf = [...(await makePdf([['Waiting']]))];
      await sw.evaluate(async (bytes) => {
        const { device } = await p2m.service();
        for (const name of ['one.pdf', 'two.pdf', 'three.pdf']) await device.createJobFromFile(new Uint8Array(bytes), name);
      }, pdf);
      const popup = await rig.open('popup.html');
      await popup.getByLabel('PDF file').setInputFiles({ name: 'fourth.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
      await popup.getByRole('button', { name: 'Convert', exact: true }).click();
      const alert = popup.getByRole('alert');
      await alert.getByText('All your conversion slots are busy.').waitFor();
      // The list of holders comes from a second request, after the words: wait for it, not only the words.
      await alert.getByText(/These conversions hold the slots:/).waitFor();
      const held = /These conversions hold the slots: ([^.]*\.pdf[^.]*\.pdf[^.]*\.pdf \(waiting\))\./.exec((await alert.textContent())!)?.[1];
      expect(held?.split('; ').sort()).toEqual(['one.pdf (waiting)', 'three.pdf (waiting)', 'two.pdf (waiting)']);
      expect(await alert.textContent()).not.toContain('slots_full');
      await alert.getByRole('button', { name: 'Cancel one.pdf' }).click();
      const listed = () => sw.evaluate(async () => (await (await p2m.service()).device.listJobs()).map((j) => `${j.file_name}:${j.status}`));
      await expect.poll(listed).toContain('one.pdf:canceled');
      // With a slot free again the same file is taken.
      await popup.getByRole('button', { name: 'Convert', exact: true }).click();
      await expect.poll(() => popup.getByRole('status').textContent()).toMatch(/^fourth\.pdf: waiting in the queue/);
      expect(await popup.getByRole('alert').isHidden()).toBe(true);
    } finally {
      // Cancel what is left, so later tests find free slots and an idle worker.
      await (await rig.sw()).evaluate(async () => {
        const { device } = await p2m.service();
        for (const job of await device.listJobs()) if (job.status === 'queued' || job.status === 'processing') await device.deleteJob(job.job_id);
      });
      rig.jobs.resume();
    }
  });

  it('a service that is down is "unreachable", never a code', { timeout: 60_000 }, async () => {
    const sw = await rig.sw();
    await sw.evaluate(() => chrome.storage.local.set({ serviceUrl: 'http://127.0.0.1:9' }));
    try {
      const popup = await rig.open('popup.html');
      await popup.getByLabel('PDF file').setInputFiles({ name: 'down.pdf', mimeType: 'application/pdf', buffer: await makePdf() });
      await popup.getByRole('button', { name: 'Convert', exact: true }).click();
      await expect.poll(() => popup.getByRole('alert').textContent()).toBe('The p2m service is unreachable. Check your connection, or the service address on the options page.');
    } finally {
      await sw.evaluate(() => chrome.storage.local.remove('serviceUrl'));
    }
  });
});
