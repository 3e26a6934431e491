import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import type { PdfDict, PdfValue } from '../pdf-objects/values.ts';
import { unpredict } from './predictors.ts';
import { decodeStream } from './stream-data.ts';
import { Unsupported } from './types.ts';

const same = (v: PdfValue | undefined) => v;
const dict = (entries: Record<string, PdfValue>): PdfDict => ({ kind: 'dict', map: new Map(Object.entries(entries)) });
const name = (n: string): PdfValue => ({ kind: 'name', name: n });

/** An RGBA picture with edges, gradients and noise, so an encoder has reason to use every row filter. */
function picture(w: number, h: number): { png: Buffer; rgba: Uint8Array } {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(w, h);
  let seed = 7;
  for (let i = 0; i < img.data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i >> 2) % w, y = Math.floor((i >> 2) / w);
    img.data[i] = (i & 3) === 3 ? 255 : y < h / 3 ? (x * 5 + y) & 0xff : y < (2 * h) / 3 ? (seed >> 16) & 0xff : x > w / 2 ? 200 : 20;
  }
  ctx.putImageData(img, 0, 0);
  return { png: canvas.toBuffer('image/png'), rgba: new Uint8Array(ctx.getImageData(0, 0, w, h).data) };
}

/** A PNG file's IDAT data, inflated: rows of filter byte + bytes, what a PDF predictor 15 stream holds. */
function pngRows(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  return zlib.inflateSync(Buffer.concat(parts));
}

describe('unpredict', () => {
  it('undoes the PNG row filters an encoder chose, back to the pixels', () => {
    const { png, rgba } = picture(37, 30);
    const rows = pngRows(png);
    const types = new Set(Array.from({ length: 30 }, (_, r) => rows[r * (37 * 4 + 1)]));
    expect(types.size).toBeGreaterThan(1);
    const parms = dict({ Predictor: 15, Colors: 4, Columns: 37 });
    expect(Buffer.from(unpredict(rows, parms, same)).equals(Buffer.from(rgba))).toBe(true);
  });

  it('undoes each PNG filter type on gray rows (Sub, Up, Average, Paeth)', () => {
    // Row 0 raw; row 1 Sub; row 2 Up; row 3 Average; row 4 Paeth — encoded by hand from the pixels below.
    const px = [[10, 20, 30], [5, 7, 250], [1, 1, 1], [100, 50, 25], [9, 200, 3]];
    const enc: number[] = [];
    const at = (r: number, c: number) => (r < 0 || c < 0 ? 0 : px[r]![c]!);
    px.forEach((row, r) => {
      enc.push(r);
      row.forEach((v, c) => {
        const left = at(r, c - 1), up = at(r - 1, c), ul = at(r - 1, c - 1);
        const p = left + up - ul;
        const pred = [0, left, up, (left + up) >> 1,
          Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - ul) ? left : Math.abs(p - up) <= Math.abs(p - ul) ? up : ul][r]!;
        enc.push((v - pred) & 0xff);
      });
    });
    const out = unpredict(new Uint8Array(enc), dict({ Predictor: 12, Columns: 3 }), same);
    expect(Array.from(out)).toEqual(px.flat());
  });

  it('undoes TIFF predictor 2 per component', () => {
    const data = new Uint8Array([10, 20, 1, 2, 255, 1, 50, 60, 0, 0, 1, 1]);
    const out = unpredict(data, dict({ Predictor: 2, Colors: 2, Columns: 3 }), same);
    expect(Array.from(out)).toEqual([10, 20, 11, 22, 10, 23, 50, 60, 50, 60, 51, 61]);
  });

  it('leaves data without a predictor as it is', () => {
    const data = new Uint8Array([1, 2, 3]);
    expect(unpredict(data, undefined, same)).toBe(data);
    expect(unpredict(data, dict({ Predictor: 1 }), same)).toBe(data);
  });

  it('refuses what pdf.js would read otherwise: unknown row types, short rows, odd predictors', () => {
    expect(() => unpredict(new Uint8Array([7, 1, 2]), dict({ Predictor: 15, Columns: 2 }), same)).toThrow(Unsupported);
    expect(() => unpredict(new Uint8Array([0, 1, 2, 0, 1]), dict({ Predictor: 15, Columns: 2 }), same)).toThrow(Unsupported);
    expect(() => unpredict(new Uint8Array([1, 2, 3]), dict({ Predictor: 5 }), same)).toThrow(Unsupported);
    expect(() => unpredict(new Uint8Array([1, 2]), dict({ Predictor: 2, BitsPerComponent: 4 }), same)).toThrow(Unsupported);
  });
});

describe('decodeStream', () => {
  it('inflates and then undoes a PNG predictor', () => {
    const rows = new Uint8Array([2, 1, 2, 3, 2, 1, 1, 1]);
    const stream = dict({ Filter: name('FlateDecode'), DecodeParms: dict({ Predictor: 15, Columns: 3 }) });
    expect(Array.from(decodeStream(stream, zlib.deflateSync(rows), same))).toEqual([1, 2, 3, 2, 3, 4]);
  });
});
