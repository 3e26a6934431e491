/**
 * Tagged PDFs printed by Chromium: where the structure tree agrees with the
 * page, its heading levels are used and the result says `structure: 'tags'`;
 * where it contradicts the page (visible headings tagged as paragraphs),
 * the layout pipeline reads the document as if it had no tags.
 */
import { expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { describeInBrowser, launchChromium } from '../support/chromium.ts';

const CSS = "body { font-family: 'DejaVu Sans'; font-size: 10pt } h1 { font-size: 20pt } h2 { font-size: 15pt } h3 { font-size: 12pt }";
const PROSE = 'This paragraph is ordinary body text that runs long enough to wrap onto a second line of the printed page.';

async function print(body: string, tagged = true): Promise<Uint8Array> {
  await using browser = await launchChromium();
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>${body}</body></html>`);
  return new Uint8Array(await page.pdf({ format: 'A4', tagged }));
}

describeInBrowser('tagged PDFs', () => {
  it('takes heading levels from a tree that agrees with the page', async () => {
    const out = await convert(await print(`<h1>Guide title</h1><p>${PROSE}</p><h2>First part</h2><p>${PROSE}</p><h3>A detail</h3><p>${PROSE}</p><h2>Second part</h2><p>${PROSE}</p>`));
    expect(out.structure).toBe('tags');
    expect(out.markdown).toContain('# Guide title');
    expect(out.markdown).toContain('## First part');
    expect(out.markdown).toContain('### A detail');
    expect(out.markdown).toContain('## Second part');
  });

  it('reads an untagged print by layout', async () => {
    const out = await convert(await print(`<h1>Guide title</h1><p>${PROSE}</p>`, false));
    expect(out.structure).toBe('layout');
  });

  it('falls back to the layout when the tree tags the visible headings as paragraphs', async () => {
    const big = (t: string) => `<p style="font-size:18pt;font-weight:bold">${t}</p>`;
    const out = await convert(await print(`${big('Installing things')}<p>${PROSE}</p>${big('Configuring things')}<p>${PROSE}</p>`));
    expect(out.structure).toBe('layout');
    expect(out.markdown).toMatch(/^#+ Installing things$/m);
    expect(out.markdown).toMatch(/^#+ Configuring things$/m);
  });
});
