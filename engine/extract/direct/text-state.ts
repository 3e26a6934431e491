/**
 * The text state of a content stream (PDF 32000 §9.3) with the operations the
 * text operators apply to it. Mirrors pdf.js's TextState, so text items come
 * out where pdf.js puts them.
 */
import type { FontDecoder, Matrix } from './types.ts';

/**
 * The text and line matrices [a b c d e f], changed in place once or more per
 * glyph. A Float64Array holds each entry unboxed for good: a plain array that
 * V8 once widened to hold any value (as its store sites do once they have seen
 * such an array) allocated a heap number for every coordinate written.
 */
export type TextMatrix = Float64Array & Record<0 | 1 | 2 | 3 | 4 | 5, number>;

const textMatrix = (): TextMatrix => Float64Array.of(1, 0, 0, 1, 0, 0) as TextMatrix;

/** Text state plus the current transformation matrix. */
export type TextState = {
  ctm: Matrix;
  textMatrix: TextMatrix;
  textLineMatrix: TextMatrix;
  /** The resource name of the current font (`/F1` of `Tf`), null when set through an ExtGState. */
  fontRes: string | null;
  font: FontDecoder | null;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  /** Tz / 100. */
  textHScale: number;
  leading: number;
  textRise: number;
};

/** A fresh state: identity matrices, no font, PDF defaults. */
export function initialTextState(ctm: Matrix = [1, 0, 0, 1, 0, 0]): TextState {
  return {
    ctm: [...ctm] as Matrix, textMatrix: textMatrix(), textLineMatrix: textMatrix(),
    fontRes: null, font: null, fontSize: 0, charSpacing: 0, wordSpacing: 0, textHScale: 1, leading: 0, textRise: 0,
  };
}

/** A copy for `q` (the font object is shared, matrices are copied). */
export function cloneTextState(s: TextState): TextState {
  return { ...s, ctm: [...s.ctm] as Matrix, textMatrix: s.textMatrix.slice() as TextMatrix, textLineMatrix: s.textLineMatrix.slice() as TextMatrix };
}

/** Overwrites the state's matrix `into` with `m`: the state owns its matrices (q copies them), so they change in place. */
export function setMatrix(into: TextMatrix, m: ArrayLike<number>): void {
  for (let i = 0; i < 6; i++) into[i] = m[i]!;
}

/** Moves the text matrix by (x, y) in text space (after a glyph or a TJ adjustment). */
export function translateTextMatrix(s: TextState, x: number, y: number): void {
  const m = s.textMatrix;
  m[4] = m[0] * x + m[2] * y + m[4];
  m[5] = m[1] * x + m[3] * y + m[5];
}

/** Moves the line matrix by (x, y) (Td) and starts the text matrix there. */
export function moveText(s: TextState, x: number, y: number): void {
  const m = s.textLineMatrix;
  m[4] = m[0] * x + m[2] * y + m[4];
  m[5] = m[1] * x + m[3] * y + m[5];
  setMatrix(s.textMatrix, m);
}

/** T* and the quote operators: the start of the next line. */
export function carriageReturn(s: TextState): void {
  moveText(s, 0, -s.leading);
}
