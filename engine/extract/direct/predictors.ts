/**
 * Flate's predictors (PDF 32000-1 7.4.4.4), undone as pdf.js's
 * PredictorStream undoes them: PNG predictors 10-15 (each row says its own
 * filter type) and the TIFF predictor 2 for 8-bit components. What pdf.js
 * would read differently is Unsupported: an unknown row type, a row cut
 * short (pdf.js pads it with arithmetic on missing bytes), TIFF with
 * components of other sizes.
 */
import { isDict, type PdfValue } from '../pdf-objects/values.ts';
import { Unsupported } from './types.ts';

/** Components per pixel a predictor may name (PDF allows up to 32 for DeviceN). */
const MAX_COLORS = 32;
/** Bytes one row may hold: a bound on hostile /Columns. */
const MAX_ROW_BYTES = 1 << 24;

/** The /DecodeParms entries a predictor reads, with pdf.js's defaults. */
type Params = { predictor: number; colors: number; bits: number; columns: number };

function positiveInt(v: PdfValue | undefined, fallback: number): number {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new Unsupported('predictor parameter');
  return v;
}

function paramsOf(parms: PdfValue | undefined, resolve: (v: PdfValue | undefined) => PdfValue | undefined): Params | null {
  if (!isDict(parms)) return null;
  const predictor = resolve(parms.map.get('Predictor'));
  if (predictor === undefined || predictor === null || (typeof predictor === 'number' && predictor <= 1)) return null;
  if (predictor !== 2 && !(typeof predictor === 'number' && Number.isInteger(predictor) && predictor >= 10 && predictor <= 15)) {
    throw new Unsupported('flate predictor');
  }
  const colors = positiveInt(resolve(parms.map.get('Colors')), 1);
  const bits = positiveInt(resolve(parms.map.get('BitsPerComponent')), 8);
  const columns = positiveInt(resolve(parms.map.get('Columns')), 1);
  if (colors > MAX_COLORS || ![1, 2, 4, 8, 16].includes(bits)) throw new Unsupported('predictor parameter');
  return { predictor, colors, bits, columns };
}

/**
 * The data with the predictor of `parms` (a /DecodeParms value) undone; the
 * data itself when there is none. The result is never longer than `data`.
 */
export function unpredict(data: Uint8Array, parms: PdfValue | undefined, resolve: (v: PdfValue | undefined) => PdfValue | undefined): Uint8Array {
  const p = paramsOf(parms, resolve);
  if (!p) return data;
  const pixBytes = (p.colors * p.bits + 7) >> 3;
  const rowBytes = (p.columns * p.colors * p.bits + 7) >> 3;
  if (rowBytes > MAX_ROW_BYTES) throw new Unsupported('predictor row too long');
  return p.predictor === 2 ? tiff(data, rowBytes, p) : png(data, rowBytes, pixBytes);
}

/** TIFF predictor 2: each component is the difference from the one a pixel to its left. */
function tiff(data: Uint8Array, rowBytes: number, p: Params): Uint8Array {
  if (p.bits !== 8) throw new Unsupported('TIFF predictor on components of other than 8 bits');
  if (data.length % rowBytes !== 0) throw new Unsupported('predicted row cut short');
  const out = new Uint8Array(data.length);
  for (let row = 0; row < data.length; row += rowBytes) {
    for (let i = 0; i < rowBytes; i++) out[row + i] = i < p.colors ? data[row + i]! : out[row + i - p.colors]! + data[row + i]!;
  }
  return out;
}

/** PNG predictors: a filter-type byte, then the row's bytes as differences from neighbours. */
function png(data: Uint8Array, rowBytes: number, pixBytes: number): Uint8Array {
  const stride = rowBytes + 1;
  // A lone filter byte at the end is pdf.js's end of data; anything longer must be a whole row.
  const rows = Math.floor(data.length / stride);
  const rest = data.length - rows * stride;
  if (rest > 1) throw new Unsupported('predicted row cut short');
  const out = new Uint8Array(rows * rowBytes);
  const zero = new Uint8Array(rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * stride]!;
    const src = data.subarray(r * stride + 1, (r + 1) * stride);
    const prev = r === 0 ? zero : out.subarray((r - 1) * rowBytes, r * rowBytes);
    const cur = out.subarray(r * rowBytes, (r + 1) * rowBytes);
    pngRow(type, src, prev, cur, pixBytes);
  }
  return out;
}

function pngRow(type: number, src: Uint8Array, prev: Uint8Array, cur: Uint8Array, pix: number): void {
  const n = src.length;
  switch (type) {
    case 0: cur.set(src); return;
    case 1: for (let i = 0; i < n; i++) cur[i] = src[i]! + (i < pix ? 0 : cur[i - pix]!); return;
    case 2: for (let i = 0; i < n; i++) cur[i] = src[i]! + prev[i]!; return;
    case 3: for (let i = 0; i < n; i++) cur[i] = src[i]! + ((prev[i]! + (i < pix ? 0 : cur[i - pix]!)) >> 1); return;
    case 4:
      for (let i = 0; i < n; i++) cur[i] = src[i]! + (i < pix ? prev[i]! : paeth(cur[i - pix]!, prev[i]!, prev[i - pix]!));
      return;
    default: throw new Unsupported(`PNG row filter ${type}`);
  }
}

/** The Paeth predictor: of left, up and up-left, the one nearest left + up - up-left. */
function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
  return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
}
