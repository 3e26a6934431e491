import { describe, expect, it } from 'vitest';
import type { Page, TextRun } from '../model.ts';
import { takeUnmapped, unmappedRegions, worthOcr } from './unmapped-glyphs.ts';

/** A run at (x, y) top-left, `w` points wide, in type of `size` points. */
function run(text: string, x: number, y: number, w: number, size = 10, unmapped = true): TextRun {
  return {
    text, box: { x0: x, y0: y, x1: x + w, y1: y + size }, fontName: 'Type3', fontSize: size, bold: false, italic: false, monospace: false, dir: 'ltr',
    ...(unmapped ? { unmapped: true as const } : {}),
  };
}

const page = (runs: TextRun[]): Page => ({ number: 1, width: 612, height: 792, runs, rules: [], lines: [], blocks: [] });

describe('unmappedRegions', () => {
  it('joins words of a line and lines of a paragraph into one region', () => {
    const runs = [run('aaa', 100, 100, 40), run('bbb', 145, 100, 40), run('ccc', 100, 112, 80)];
    const regions = unmappedRegions(runs);
    expect(regions).toHaveLength(1);
    expect(regions[0]).toMatchObject({ box: { x0: 100, y0: 100, x1: 185, y1: 122 }, em: 10, runs: 3 });
  });

  it('keeps stretches apart that lie further than a line or a wide gap from each other', () => {
    const runs = [run('aaa', 100, 100, 40), run('bbb', 300, 100, 40), run('ccc', 100, 200, 40)];
    expect(unmappedRegions(runs)).toHaveLength(3);
  });

  it('makes one region of a page full of them, in about a line of comparisons per run', () => {
    const runs = Array.from({ length: 60 * 80 }, (_, i) => run('x', 40 + (i % 60) * 8, 40 + Math.floor(i / 60) * 9, 6, 8));
    const started = performance.now();
    expect(unmappedRegions(runs)).toEqual([{ box: { x0: 40, y0: 40, x1: 518, y1: 759 }, em: 8, runs: 4800 }]);
    // All pairs would be 11.5 million overlap tests; the sweep makes about 0.6 million.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('joins two groups that a later run bridges', () => {
    const runs = [run('aaa', 100, 100, 40), run('ccc', 160, 100, 40), run('bbb', 141, 100, 18)];
    expect(unmappedRegions(runs)).toHaveLength(1);
  });
});

describe('worthOcr', () => {
  it('reads lines of glyphs, in ems of their own type, not a stray symbol or a short word', () => {
    expect(worthOcr({ box: { x0: 0, y0: 0, x1: 120, y1: 10 }, em: 10, runs: 1 })).toBe(true);
    expect(worthOcr({ box: { x0: 0, y0: 0, x1: 60, y1: 22 }, em: 10, runs: 2 })).toBe(true);
    expect(worthOcr({ box: { x0: 0, y0: 0, x1: 10, y1: 10 }, em: 10, runs: 1 })).toBe(false);
    expect(worthOcr({ box: { x0: 0, y0: 0, x1: 40, y1: 10 }, em: 10, runs: 1 })).toBe(false);
    // The same line in larger type is a shorter line.
    expect(worthOcr({ box: { x0: 0, y0: 0, x1: 120, y1: 20 }, em: 20, runs: 1 })).toBe(false);
    expect(worthOcr({ box: { x0: 98, y0: 68, x1: 98, y1: 123 }, em: 15, runs: 3 })).toBe(false);
  });
});

describe('takeUnmapped', () => {
  it('takes the unmapped runs off the page and keeps the rest as they were', () => {
    const kept = run('Figure 7', 100, 300, 40, 10, false);
    const p = page([run('\u2704\u2706', 100, 100, 120), kept]);
    const { page: out, regions } = takeUnmapped(p);
    expect(out.runs).toEqual([kept]);
    expect(regions).toHaveLength(1);
  });

  it('leaves a page without unmapped runs as it is', () => {
    const p = page([run('text', 0, 0, 20, 10, false)]);
    expect(takeUnmapped(p)).toEqual({ page: p, regions: [] });
  });
});
