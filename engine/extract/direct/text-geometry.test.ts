import { describe, expect, it } from 'vitest';
import { textOrigin, textTransform } from './text-geometry.ts';
import { initialTextState, translateTextMatrix } from './text-state.ts';

describe('textOrigin', () => {
  it('brings a transform up to date after a move along the line, bit for bit as textTransform computes it', () => {
    const s = initialTextState([0.75, 0.1, -0.2, 0.9, 12.3, -4.56]);
    s.textMatrix.set([1.1, 0.3, -0.3, 1.1, 100.25, 700.125]);
    s.fontSize = 9.7;
    s.textHScale = 0.93;
    s.textRise = 1.7;
    const before = textTransform(s);
    for (const advance of [4.851, 0.3333, -2.25, 1e-9]) {
      translateTextMatrix(s, advance, 0);
      const out = [...before] as typeof before;
      textOrigin(s, out);
      expect(out).toEqual(textTransform(s));
      expect(out.slice(4).map((v, i) => Object.is(v, textTransform(s)[4 + i]))).toEqual([true, true]);
    }
  });
});
