/**
 * Pages of simple images composed by the direct reader against pdf.js's
 * rendering of the same pages: the glyph-mark check must see the same pixels.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PDFHexString } from 'pdf-lib';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { imagePdf, samples, type TestImage } from '../../../test/support/image-pdf.ts';
import { PageReader } from '../page-reader.ts';

async function pdfjsPixels(page: PDFPageProxy, scale: number) {
  const vp = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(vp.width), Math.ceil(vp.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: ctx, viewport: vp } as unknown as Parameters<PDFPageProxy['render']>[0]).promise;
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/** The direct reader's raster of page 1, and how many of its bytes differ from pdf.js's rendering. */
async function composed(pdf: Uint8Array): Promise<{ raster: boolean; differing?: number }> {
  const reader = await PageReader.open(pdf);
  try {
    await reader.read(1);
    const mine = reader.raster(1);
    if (!mine) return { raster: false };
    const theirs = await reader.withPdfjsPage(1, (p) => pdfjsPixels(p, mine.scale));
    expect([theirs.width, theirs.height]).toEqual([mine.image.width, mine.image.height]);
    let differing = 0;
    for (let i = 0; i < theirs.data.length; i++) if (theirs.data[i] !== mine.image.data[i]) differing++;
    return { raster: true, differing };
  } finally {
    await reader.close();
  }
}

const gray = (w: number, h: number, bpc = 8, predictor = true): TestImage => ({ w, h, cs: 'DeviceGray', bpc, comps: 1, rows: samples(w, h, 1, bpc), predictor });
const rgb = (w: number, h: number): TestImage => ({ w, h, cs: 'DeviceRGB', bpc: 8, comps: 3, rows: samples(w, h, 3, 8, 5), predictor: true });
const palette = PDFHexString.of('000000ff000000ff00ffffff4080c0'.padEnd(16 * 6, '7')) as unknown;
const indexed = (w: number, h: number): TestImage => ({ w, h, cs: ['Indexed', 'DeviceRGB', 15, palette], bpc: 4, comps: 1, rows: samples(w, h, 1, 4, 9) });

describe('pageRaster against pdf.js', () => {
  it.each([
    ['8-bit gray, PNG-predicted, enlarged', [200, 100], [gray(50, 40)], 'q 150 0 0 75 20 10 cm /Im0 Do Q'],
    ['RGB mirrored, at a fractional place', [200, 100], [rgb(33, 21)], 'q -100.3 0 0 60.7 150.25 20.4 cm /Im0 Do Q'],
    ['1-bit gray, odd size, unpredicted', [120, 90], [gray(37, 23, 1, false)], 'q 61.3 0 0 40.7 10.25 33.3 cm /Im0 Do Q'],
    ['4-bit palette, upside down', [150, 100], [indexed(19, 11)], 'q 80 0 0 -50 30 90 cm /Im0 Do Q'],
    ['two overlapping, one off the page', [100, 100], [gray(10, 10), rgb(8, 6)], '20 0 0 30 10 10 cm /Im0 Do 1 0 0 1 0.9 0.5 cm /Im1 Do'],
    ['shrunk on one axis, enlarged on the other', [120, 40], [gray(300, 20)], 'q 90 0 0 20 5 5 cm /Im0 Do Q'],
    // Edges on half pixels: the canvas's single-precision operands decide which way they snap.
    // Device pixel centres on exact boundaries between source rows (5.625 and 2.2511 device pixels per row).
    ['upside down, centres on row boundaries', [200, 100], [gray(50, 40)], 'q 150 0 0 -75 20 85 cm /Im0 Do Q'],
    ['a page-sized scan, centres on row boundaries', [243, 337.5], [gray(324, 450, 8, false)], 'q 243 0 0 337.5 0 0 cm /Im0 Do Q'],
    ['on half pixels, through nested transforms', [200, 100], [gray(10, 6)], 'q 2 0 0 2 0 0 cm q 12.5 0 0 7.5 0.0833 0.25 cm /Im0 Do Q Q'],
  ] as const)('%s: the same pixels', async (_, size, images, content) => {
    expect(await composed(await imagePdf([...size], [...images], content))).toEqual({ raster: true, differing: 0 });
  });

  it.each([
    ['smoothed (under 4/3 pixel per image pixel)', [gray(300, 200)], 'q 120 0 0 80 0 0 cm /Im0 Do Q'],
    ['rotated', [gray(20, 20)], 'q 0 50 -50 0 60 10 cm /Im0 Do Q'],
    ['JPEG', [{ ...gray(20, 20), extra: { Filter: 'DCTDecode' } }], 'q 50 0 0 50 0 0 cm /Im0 Do Q'],
    ['soft-masked', [{ ...gray(20, 20), extra: { Decode: [1, 0] } }], 'q 50 0 0 50 0 0 cm /Im0 Do Q'],
    ['clipped', [gray(20, 20)], 'q 0 0 30 30 re W n 50 0 0 50 0 0 cm /Im0 Do Q'],
    ['painting one image three times', [gray(4, 4)], 'q 20 0 0 20 0 0 cm /Im0 Do Q q 20 0 0 20 30 0 cm /Im0 Do Q q 20 0 0 20 60 0 cm /Im0 Do Q'],
    ['also painting a path', [gray(20, 20)], 'q 50 0 0 50 0 0 cm /Im0 Do Q 0 0 m 50 50 l S'],
  ] as const)('leaves a page %s to pdf.js', async (_, images, content) => {
    expect(await composed(await imagePdf([100, 100], [...images] as TestImage[], content))).toEqual({ raster: false });
  });

  it('leaves a page with text to pdf.js', async () => {
    expect(await composed(await imagePdf([100, 100], [gray(20, 20)], 'q 50 0 0 50 0 0 cm /Im0 Do Q', 'Hi'))).toEqual({ raster: false });
  });
});
