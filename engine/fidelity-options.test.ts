import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { convert } from './index.ts';

const W = 595, H = 842;

type Put = { text: string; y: number; size?: number };
type PageDraw = { texts: Put[]; picture?: { x: number; y: number; w: number; h: number } };

/** A red square with a blue stripe, as PNG bytes. */
function redSquare(): Buffer {
  const c = createCanvas(40, 30);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, 40, 30);
  ctx.fillStyle = '#0000ff';
  ctx.fillRect(0, 10, 40, 5);
  return c.toBuffer('image/png');
}

async function pdf(pages: PageDraw[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const png = await doc.embedPng(redSquare());
  for (const p of pages) {
    const page = doc.addPage([W, H]);
    for (const t of p.texts) page.drawText(t.text, { x: 72, y: H - t.y, size: t.size ?? 11, font });
    if (p.picture) page.drawImage(png, { x: p.picture.x, y: H - p.picture.y - p.picture.h, width: p.picture.w, height: p.picture.h });
  }
  return doc.save();
}

const body = (n: number, y0 = 120): Put[] =>
  Array.from({ length: 4 }, (_, i) => ({ text: `Page ${n} line ${i + 1} of the body text that fills it.`, y: y0 + i * 14 }));

const markers = (md: string) => [...md.matchAll(/^<!-- page (\d+) -->$/gm)].map((m) => Number(m[1]));

describe('page markers', () => {
  it('puts one marker per page before the first block that starts on it, and none without the option', async () => {
    const data = await pdf([{ texts: body(1) }, { texts: body(2) }, { texts: body(3) }]);
    const md = (await convert(data, { pageMarkers: true })).markdown;
    expect(markers(md)).toEqual([1, 2, 3]);
    for (const n of [1, 2, 3]) {
      expect(md.indexOf(`<!-- page ${n} -->`)).toBeLessThan(md.indexOf(`Page ${n} line 1`));
      if (n > 1) expect(md.indexOf(`<!-- page ${n} -->`)).toBeGreaterThan(md.indexOf(`Page ${n - 1} line 4`));
    }
    expect(markers((await convert(data)).markdown)).toEqual([]);
  });

  it('does not cut a paragraph that runs on over the page break', async () => {
    const first = [...body(1), { text: 'and this sentence runs on over the', y: 800 - 14 }, { text: 'bottom of the first page into', y: 800 }];
    const second = [{ text: 'the top of the second page, where it ends.', y: 60 }, { text: 'A new paragraph starts here on page two.', y: 120 }];
    const md = (await convert(await pdf([{ texts: first }, { texts: second }]), { pageMarkers: true })).markdown;
    expect(markers(md)).toEqual([1, 2]);
    expect(md).toMatch(/first page into the top of the second page, where it ends\./);
    expect(md.indexOf('<!-- page 2 -->')).toBeGreaterThan(md.indexOf('where it ends.'));
    expect(md.indexOf('<!-- page 2 -->')).toBeLessThan(md.indexOf('A new paragraph'));
  });

  it('gives a page whose content continues the previous block its marker all the same', async () => {
    const md = (await convert(await pdf([{ texts: body(1) }, { texts: [] }, { texts: body(3) }]), { pageMarkers: true })).markdown;
    expect(markers(md)).toEqual([1, 2, 3]);
  });
});

describe('furniture', () => {
  const withFurniture = (n: number): PageDraw => ({
    texts: [{ text: 'ACME Quarterly Report', y: 30, size: 9 }, ...body(n), { text: `${n}`, y: 815, size: 9 }],
  });

  it('drops running headers and page numbers by default and keeps them on request', async () => {
    const data = await pdf([1, 2, 3].map(withFurniture));
    const dropped = (await convert(data)).markdown;
    expect(dropped).not.toContain('ACME Quarterly Report');
    const kept = (await convert(data, { furniture: 'keep' })).markdown;
    expect(kept.match(/ACME Quarterly Report/g)).toHaveLength(3);
    expect(kept).toMatch(/^2$/m);
    expect(kept).toContain('Page 2 line 1');
  });
});

describe('images: files', () => {
  it('writes each picture as a PNG named by page and links it with its caption as alt text', async () => {
    const data = await pdf([
      { texts: body(1) },
      { texts: [...body(2), { text: 'Figure 1: A red square with a stripe.', y: 345 }], picture: { x: 72, y: 200, w: 160, h: 120 } },
    ]);
    const out = await convert(data, { images: 'files', pageMarkers: true });
    expect(out.images).toHaveLength(1);
    const [img] = out.images!;
    expect(img!.name).toBe('images/p2-1.png');
    expect(img!.page).toBe(2);
    expect(Buffer.from(img!.png.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    // The embedded image itself, pixel for pixel: 40 x 30, red with a blue stripe.
    const decoded = await loadImage(Buffer.from(img!.png));
    expect([decoded.width, decoded.height]).toEqual([40, 30]);
    expect(out.markdown).toContain('![Figure 1: A red square with a stripe.](images/p2-1.png)');
    // After the page's marker and the text above it, before the caption below it.
    expect(out.markdown.indexOf('](images/p2-1.png)')).toBeGreaterThan(out.markdown.indexOf('Page 2 line 4'));
    expect(out.markdown.indexOf('](images/p2-1.png)')).toBeGreaterThan(out.markdown.indexOf('<!-- page 2 -->'));
  });

  it('leaves pictures out by default', async () => {
    const out = await convert(await pdf([{ texts: body(1), picture: { x: 72, y: 300, w: 100, h: 100 } }]));
    expect(out.images).toBeUndefined();
    expect(out.markdown).not.toContain('](images/');
  });
});
