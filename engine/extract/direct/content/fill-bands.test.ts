import { describe, expect, it } from 'vitest';
import { FillBands } from './fill-bands.ts';

type F = { box: { x0: number; y0: number; x1: number; y1: number }; order: number };

/** The last fill containing the point, by walking them all: what the bands must agree with. */
function walk(fills: readonly F[], x: number, y: number): F | undefined {
  return fills.findLast((f) => x >= f.box.x0 && x <= f.box.x1 && y >= f.box.y0 && y <= f.box.y1);
}

/** A deterministic sequence in [0, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('FillBands', () => {
  it('finds the last fill containing a point, as a walk of every fill does', () => {
    const page = { x0: 0, y0: 0, x1: 612, y1: 792 };
    const bands = new FillBands<F>(page);
    const fills: F[] = [];
    const r = random(7);
    for (let order = 1; order <= 400; order++) {
      // Small boxes, line boxes, page-tall backgrounds, and boxes reaching beyond the page.
      const kind = order % 4;
      const x0 = r() * 700 - 50, y0 = r() * 900 - 50;
      const h = kind === 0 ? 800 : kind === 1 ? 14 : kind === 2 ? r() * 40 : r() * 200;
      const f = { box: { x0, y0, x1: x0 + r() * 300, y1: y0 + h }, order };
      fills.push(f);
      bands.add(f);
      for (let q = 0; q < 20; q++) {
        const x = r() * 800 - 100, y = r() * 1000 - 100;
        expect(bands.at(x, y)).toBe(walk(fills, x, y));
      }
    }
  });

  it('keeps boxes that reach infinity and ignores empty or NaN ones', () => {
    const bands = new FillBands<F>({ x0: 0, y0: 0, x1: 100, y1: 100 });
    const everywhere = { box: { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity }, order: 1 };
    bands.add(everywhere);
    bands.add({ box: { x0: 0, y0: 50, x1: 100, y1: 40 }, order: 2 });
    bands.add({ box: { x0: 0, y0: NaN, x1: 100, y1: 60 }, order: 3 });
    expect(bands.at(10, 45)).toBe(everywhere);
    expect(bands.at(10, 5000)).toBe(everywhere);
    expect(bands.at(10, NaN)).toBeUndefined();
  });
});
