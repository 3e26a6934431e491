/**
 * One-page PDFs that paint image XObjects, built with pdf-lib from raw
 * samples (optionally PNG-predicted), for the direct reader's image tests.
 */
import zlib from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts, type PDFRef } from 'pdf-lib';

/** An image XObject: its samples (rows of bytes, unpadded beyond the byte) and dictionary entries. */
export type TestImage = { w: number; h: number; cs: unknown; bpc: number; comps: number; rows: number[][]; predictor?: boolean; extra?: Record<string, unknown> };

/** Rows as PNG-predicted data, the row filter cycling through all five types. */
function pngPredicted(rows: number[][], pix: number): number[] {
  const out: number[] = [];
  rows.forEach((row, r) => {
    const type = r % 5;
    out.push(type);
    row.forEach((v, i) => {
      const left = i >= pix ? row[i - pix]! : 0, up = r > 0 ? rows[r - 1]![i]! : 0, ul = r > 0 && i >= pix ? rows[r - 1]![i - pix]! : 0;
      const p = left + up - ul;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - ul) ? left : Math.abs(p - up) <= Math.abs(p - ul) ? up : ul;
      out.push((v - [0, left, up, (left + up) >> 1, paeth][type]!) & 0xff);
    });
  });
  return out;
}

/** A one-page PDF painting `images` (named Im0, Im1, …) with `content`. */
export async function imagePdf(size: [number, number], images: TestImage[], content: string, text?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(size);
  const ctx = doc.context;
  images.forEach((im, k) => {
    const pix = Math.max(1, (im.comps * im.bpc) >> 3);
    const bytes = im.predictor ? pngPredicted(im.rows, pix) : im.rows.flat();
    const parms = im.predictor ? { DecodeParms: { Predictor: 15, Columns: im.w, Colors: im.comps, BitsPerComponent: im.bpc } } : {};
    const dict = { Type: 'XObject', Subtype: 'Image', Width: im.w, Height: im.h, ColorSpace: im.cs, BitsPerComponent: im.bpc, Filter: 'FlateDecode', ...parms, ...im.extra };
    const ref = ctx.register(ctx.stream(zlib.deflateSync(Uint8Array.from(bytes)), dict as never)) as PDFRef;
    page.node.setXObject(PDFName.of(`Im${k}`), ref);
  });
  if (text) page.drawText(text, { x: 5, y: 5, size: 8, font: await doc.embedFont(StandardFonts.Helvetica) });
  const own = ctx.register(ctx.stream(content));
  page.node.set(PDFName.of('Contents'), text ? ctx.obj([own, page.node.Contents()!]) : own);
  return doc.save({ useObjectStreams: false });
}

/** Samples: a pattern with edges and noise, `comps` per pixel at `bpc` bits, packed into rows. */
export function samples(w: number, h: number, comps: number, bpc: number, seed = 1): number[][] {
  const max = (1 << bpc) - 1;
  return Array.from({ length: h }, (_, y) => {
    const vals: number[] = [];
    for (let x = 0; x < w * comps; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      vals.push(y < h / 2 ? ((x * 7 + y * 3) >> 2) & max : (seed >> 16) & max);
    }
    const row = new Array<number>((w * comps * bpc + 7) >> 3).fill(0);
    vals.forEach((v, i) => { row[(i * bpc) >> 3]! |= v << (8 - bpc - ((i * bpc) & 7)); });
    return row;
  });
}
