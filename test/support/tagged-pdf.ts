/**
 * Tagged PDFs printed by headless Chromium (it writes a structure tree:
 * headings, paragraphs, lists, tables and Figures with the img's alt as
 * /Alt), for the structure-tree tests. Needs Chromium (support/chromium.ts).
 */
import { launchChromium } from './chromium.ts';

const CSS = "body { font-family: 'DejaVu Sans'; font-size: 10pt } h1 { font-size: 20pt } h2 { font-size: 15pt } h3 { font-size: 12pt }";

/** Ordinary body text that wraps onto a second line. */
export const PROSE = 'This paragraph is ordinary body text that runs long enough to wrap onto a second line of the printed page.';

/** The HTML body printed to an A4 PDF, tagged unless asked otherwise. */
export async function printHtml(body: string, tagging: 'tagged' | 'untagged' = 'tagged'): Promise<Buffer> {
  await using browser = await launchChromium();
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>${body}</body></html>`);
  return Buffer.from(await page.pdf({ format: 'A4', tagged: tagging === 'tagged' }));
}

/** An `<img>` of a plain coloured PNG, `width` x `height` CSS pixels, with the given alt attribute. */
export async function pictureTag(alt: string, colour = '#2a7', width = 160, height = 100): Promise<string> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2);
  const src = `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}`;
  return `<img alt="${alt.replace(/"/g, '&quot;')}" src="${src}" style="width:${width}px;height:${height}px;display:block">`;
}
