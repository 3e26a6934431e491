/**
 * Glyph widths as pdf.js reads them: /Widths from /FirstChar with the
 * descriptor's /MissingWidth as default for simple fonts, /W and /DW for
 * CIDFonts; and pdf.js's monospace test over them (all non-zero widths equal).
 */
import type { PdfDict, PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported, type ObjectSource } from '../types.ts';

/** Widths by code (simple fonts) or CID, and the width of everything else. */
export type Widths = { byCode: Map<number, number>; defaultWidth: number };

/** A /W range wider than this is refused (pdf.js would fill it; no real font needs it). */
const MAX_RANGE = 0x10000;

/** Simple fonts: /Widths from /FirstChar; no /Widths means built-in metrics, which we do not carry. */
export function simpleWidths(objects: ObjectSource, dict: PdfDict, descriptor: PdfDict, firstChar: number): Widths {
  const widths = objects.lookup(dict, 'Widths');
  if (!Array.isArray(widths)) throw new Unsupported('no /Widths (pdf.js would use built-in metrics)');
  if (firstChar < 0 || firstChar + widths.length > 0xffff) throw new Unsupported('odd /FirstChar');
  const byCode = new Map<number, number>();
  widths.forEach((w, i) => {
    const width = objects.resolve(w);
    if (typeof width === 'number') byCode.set(firstChar + i, width);
  });
  const missing = objects.lookup(descriptor, 'MissingWidth');
  return { byCode, defaultWidth: typeof missing === 'number' ? missing : 0 };
}

function setRange(byCode: Map<number, number>, from: number, to: number, width: number): void {
  if (to - from > MAX_RANGE) throw new Unsupported('huge /W range');
  for (let c = from; c <= to; c++) byCode.set(c, width);
}

/** CIDFonts: /DW (rounded up, default 1000) and /W in both its forms; reading stops where pdf.js stops. */
export function cidWidths(objects: ObjectSource, cidFont: PdfDict): Widths {
  const dw = objects.lookup(cidFont, 'DW');
  const byCode = new Map<number, number>();
  const w = objects.lookup(cidFont, 'W');
  if (Array.isArray(w)) readW(objects, w, byCode);
  return { byCode, defaultWidth: typeof dw === 'number' ? Math.ceil(dw) : 1000 };
}

function readW(objects: ObjectSource, w: PdfValue[], byCode: Map<number, number>): void {
  for (let i = 0; i < w.length; i++) {
    let start = objects.resolve(w[i++]);
    if (typeof start !== 'number' || !Number.isInteger(start)) return;
    if (start < 0) throw new Unsupported('negative CID in /W');
    const next = objects.resolve(w[i]);
    if (Array.isArray(next)) {
      for (const c of next) {
        const width = objects.resolve(c);
        if (typeof width === 'number') byCode.set(start, width);
        start++;
      }
    } else if (typeof next === 'number' && Number.isInteger(next)) {
      const width = objects.resolve(w[++i]);
      if (typeof width === 'number') setRange(byCode, start, next, width);
    } else {
      return;
    }
  }
}

/** pdf.js's FixedPitch test: every non-zero width (the default first) is the same. */
export function isMonospace(widths: Widths): boolean {
  let first = widths.defaultWidth;
  const codes = [...widths.byCode.keys()].sort((a, b) => a - b);
  for (let i = 0; i < codes.length; i++) {
    const w = widths.byCode.get(codes[i]!)!;
    if (!w) continue;
    if (!first) {
      first = w;
      continue;
    }
    if (first !== w) return false;
  }
  return true;
}
