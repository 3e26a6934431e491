/**
 * Where the next glyph goes, in the arithmetic pdf.js's getTextContent uses,
 * so positions, and the gaps the item builder reads from them, come out bit
 * for bit as pdf.js computes them.
 */
import type { TextState } from './text-state.ts';
import type { Matrix } from './types.ts';

/**
 * The text rendering matrix of the next glyph in user space (pdf.js
 * getCurrentTextTransform, with its stretch for some Type 3 fonts, see FontDecoder.type3Height).
 * `multiply(a, b)` forms the same products and sums in the same order as
 * pdf.js's Util.transform(b, a), so the result is identical.
 *
 * pdf.js keeps the initial CTM in a Float32Array, but only ever the identity
 * there (a `cm` or a form's /Matrix replaces it with a plain array), whose
 * entries float32 holds exactly; plain numbers give the same results.
 */
export function textTransform(s: TextState, out: Matrix = [0, 0, 0, 0, 0, 0]): Matrix {
  // multiply(multiply(tsm, textMatrix), ctm) written out, zero terms included so every
  // rounding (and sign of zero) stays the same: this runs twice per glyph, and the
  // intermediate arrays were the reader's largest cost.
  const t3 = s.font?.type3Height;
  const a = s.fontSize * s.textHScale, e = s.textRise;
  const d = t3 && (s.fontSize <= 1 || t3.charBBox) ? s.fontSize * t3.scale : s.fontSize;
  const t = s.textMatrix, c = s.ctm;
  const m0 = a * t[0] + 0 * t[2], m1 = a * t[1] + 0 * t[3];
  const m2 = 0 * t[0] + d * t[2], m3 = 0 * t[1] + d * t[3];
  const m4 = 0 * t[0] + e * t[2] + t[4], m5 = 0 * t[1] + e * t[3] + t[5];
  out[0] = m0 * c[0] + m1 * c[2];
  out[1] = m0 * c[1] + m1 * c[3];
  out[2] = m2 * c[0] + m3 * c[2];
  out[3] = m2 * c[1] + m3 * c[3];
  out[4] = m4 * c[0] + m5 * c[2] + c[4];
  out[5] = m4 * c[1] + m5 * c[3] + c[5];
  return out;
}

/**
 * Entries 4 and 5 of textTransform (the glyph origin), written into `out`,
 * computed as textTransform computes them. After a move along the text line
 * only they change, so a transform taken before the move is brought up to
 * date by this alone.
 */
export function textOrigin(s: TextState, out: Matrix): void {
  const e = s.textRise;
  const t = s.textMatrix, c = s.ctm;
  const m4 = 0 * t[0] + e * t[2] + t[4], m5 = 0 * t[1] + e * t[3] + t[5];
  out[4] = m4 * c[0] + m5 * c[2] + c[4];
  out[5] = m4 * c[1] + m5 * c[3] + c[5];
}

/** How far one unit along the text line's x axis is stretched in user space (pdf.js textAdvanceScale). */
export function advanceScale(s: TextState): number {
  return Math.hypot(s.ctm[0], s.ctm[1]) * Math.hypot(s.textLineMatrix[0], s.textLineMatrix[1]);
}

/** Undoes a general rotation (and its x scale) of `m` on a point, as pdf.js's applyInverseRotation. */
function unrotate(x: number, y: number, m: Readonly<Matrix>): [number, number] {
  const scale = Math.hypot(m[0], m[1]);
  return [(m[0] * x + m[1] * y) / scale, (m[2] * x + m[3] * y) / scale];
}

/**
 * The current and previous glyph origins [x, y, lastX, lastY], turned so the
 * text runs along +x: exact swaps and negations for the right angles, the
 * inverse rotation of each transform otherwise.
 */
export function alignedPositions(cur: Readonly<Matrix>, prev: Readonly<Matrix>, out: number[] = [0, 0, 0, 0]): number[] {
  const x = cur[4], y = cur[5], lx = prev[4], ly = prev[5];
  if (cur[0] && cur[1] === 0 && cur[2] === 0) return cur[0] > 0 ? set(out, x, y, lx, ly) : set(out, -x, -y, -lx, -ly);
  if (cur[1] && cur[0] === 0 && cur[3] === 0) return cur[1] > 0 ? set(out, y, x, ly, lx) : set(out, -y, -x, -ly, -lx);
  const [ux, uy] = unrotate(x, y, cur);
  const [ulx, uly] = unrotate(lx, ly, prev);
  return set(out, ux, uy, ulx, uly);
}

function set(out: number[], a: number, b: number, c: number, d: number): number[] {
  out[0] = a;
  out[1] = b;
  out[2] = c;
  out[3] = d;
  return out;
}
