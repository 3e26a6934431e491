import { describe, expect, it } from 'vitest';
import { greatest, maxOf, least, magnitude, minOf } from './numbers.ts';

const VALUES = [0, -0, 1, -1, 0.5, -2.25, 1e-300, Infinity, -Infinity, NaN, Number.MAX_VALUE, -Number.MIN_VALUE];

describe('least, greatest and magnitude', () => {
  it('give what Math.min, Math.max and Math.abs give, NaN and signed zeros included', () => {
    for (const a of VALUES) {
      expect(Object.is(magnitude(a), Math.abs(a))).toBe(true);
      for (const b of VALUES) {
        expect(Object.is(least(a, b), Math.min(a, b)), `least(${a}, ${b})`).toBe(true);
        expect(Object.is(greatest(a, b), Math.max(a, b)), `greatest(${a}, ${b})`).toBe(true);
      }
    }
  });

  it('minOf and maxOf give what Math.min and Math.max give over a spread list', () => {
    const lists = [[], [NaN], [0, -0], [-0, 0], [3, 1, 2], [1, NaN, -5], [Infinity, -Infinity], [-0, -0], VALUES];
    for (const xs of lists) {
      expect(Object.is(minOf(xs), Math.min(...xs)), `minOf(${xs})`).toBe(true);
      expect(Object.is(maxOf(xs), Math.max(...xs)), `maxOf(${xs})`).toBe(true);
    }
    expect(minOf(new Float64Array([2, -1]))).toBe(-1);
  });
});
