/**
 * Where the next glyph goes, in the arithmetic pdf.js's getTextContent uses,
 * so positions, and the gaps the item builder reads from them, come out bit
 * for bit as pdf.js computes them.
 */
import { multiply, type TextState } from './text-state.ts';
import type { Matrix } from './types.ts';

/**
 * The text rendering matrix of the next glyph in user space (pdf.js
 * getCurrentTextTransform, Type3 branch left out: Type3 fonts are refused).
 * `multiply(a, b)` forms the same products and sums in the same order as
 * pdf.js's Util.transform(b, a), so the result is identical.
 *
 * pdf.js keeps the initial CTM in a Float32Array, but only ever the identity
 * there (a `cm` or a form's /Matrix replaces it with a plain array), whose
 * entries float32 holds exactly; plain numbers give the same results.
 */
export function textTransform(s: TextState): Matrix {
  const tsm: Matrix = [s.fontSize * s.textHScale, 0, 0, s.fontSize, 0, s.textRise];
  return multiply(multiply(tsm, s.textMatrix), s.ctm);
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
export function alignedPositions(cur: Readonly<Matrix>, prev: Readonly<Matrix>): [number, number, number, number] {
  const [x, y, lx, ly] = [cur[4], cur[5], prev[4], prev[5]];
  if (cur[0] && cur[1] === 0 && cur[2] === 0) return cur[0] > 0 ? [x, y, lx, ly] : [-x, -y, -lx, -ly];
  if (cur[1] && cur[0] === 0 && cur[3] === 0) return cur[1] > 0 ? [y, x, ly, lx] : [-y, -x, -ly, -lx];
  return [...unrotate(x, y, cur), ...unrotate(lx, ly, prev)];
}
