/**
 * Links printed by Chromium (issue 24): an anchor that wraps over two lines
 * is one Markdown link; a link to a heading becomes `#slug` (GitHub's slug
 * of the heading text); a link to a place that is no heading stays as text.
 */
import { expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { describeInBrowser, launchChromium } from '../support/chromium.ts';

async function markdown(body: string): Promise<string> {
  await using browser = await launchChromium();
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>body { font-family: 'DejaVu Sans'; font-size: 11pt; width: 420px } p { margin: 0 0 14pt }</style></head><body>${body}</body></html>`);
  return (await convert(new Uint8Array(await page.pdf({ format: 'A4' })))).markdown;
}

const GAP = '<div style="height: 700px"></div>';

describeInBrowser('links', () => {
  it('keeps an anchor that wraps over two lines as one link', async () => {
    const md = await markdown('<p>Words before the link so that it starts late on the line: <a href="https://example.com/a/long/path">an anchor text long enough to wrap over</a> and words after.</p>');
    expect(md).toContain('[an anchor text long enough to wrap over](https://example.com/a/long/path)');
  });

  it('turns links to headings into #anchors, with GitHub slugs', async () => {
    const md = await markdown(`<h1>Intro</h1><p>See <a href="#s1">the setup</a> and <a href="#s2">the FAQ</a>.</p>${GAP}<h2 id="s1">Setup &amp; Install (v2)</h2><p>Body one.</p>${GAP}<h2 id="s2">FAQ</h2><p>Body two.</p>`);
    expect(md).toContain('[the setup](#setup--install-v2)');
    expect(md).toContain('[the FAQ](#faq)');
  });

  it('leaves a link to a place that is no heading as plain text', async () => {
    const md = await markdown(`<h1>Intro</h1><p>See <a href="#note">the note</a> below.</p>${GAP}<p>Some text.</p><p id="note">The note itself is a paragraph.</p>`);
    expect(md).toContain('See the note below.');
    expect(md).not.toContain('p2m-dest');
  });
});
