import { describe, expect, it } from 'vitest';
import { RangeCounts } from './range-counts.ts';

/** A small deterministic generator, so a failure repeats. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('RangeCounts', () => {
  it('keeps the least count a plain array of counts shows after every raise', () => {
    const next = random(7);
    for (const [lo, hi] of [[0, 0], [3, 4], [180, 420], [-5, 60]] as const) {
      const counts = new RangeCounts(lo, hi);
      const plain = new Array<number>(hi - lo + 1).fill(0);
      for (let k = 0; k < 200; k++) {
        const a = lo + Math.floor(next() * (hi - lo + 1));
        const b = a + Math.floor(next() * (hi - a + 1));
        counts.raise(a, b);
        for (let x = a; x <= b; x++) plain[x - lo]!++;
        expect(counts.min()).toBe(Math.min(...plain));
      }
    }
  });

  it('reads Infinity over an empty range, as the least of no counts', () => {
    expect(new RangeCounts(10, 9).min()).toBe(Infinity);
  });
});
