import { describe, expect, it } from 'vitest';
import type { TextRun } from '../model.ts';
import { cellRuns, inCell, rowRuns, slotOf } from './grid-slots.ts';
import type { GridCell, RuleGrid } from './rule-grid.ts';

/** A small deterministic generator, so a failure names the case it saw. */
function numbers(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const scan = (bounds: readonly number[], v: number): number => {
  for (let i = 0; i + 1 < bounds.length; i++) if (v >= bounds[i]! && v < bounds[i + 1]!) return i;
  return -1;
};

const run = (x: number, y: number, w: number): TextRun =>
  ({ text: 'x', box: { x0: x, y0: y, x1: x + w, y1: y + 8 }, fontSize: 8 }) as TextRun;

describe('grid slots', () => {
  it('find the interval a scan from the left finds, on bounds with repeats and at the bounds themselves', () => {
    const next = numbers(7);
    for (let t = 0; t < 200; t++) {
      const bounds = Array.from({ length: 1 + Math.floor(next() * 6) }, () => Math.floor(next() * 20)).sort((a, b) => a - b);
      for (let v = -2; v <= 22; v += 0.5) expect(slotOf(bounds, v)).toBe(scan(bounds, v));
      expect(slotOf(bounds, NaN)).toBe(-1);
    }
  });

  it('give each cell the runs a filter by its bounds gives, in the same order', () => {
    const next = numbers(11);
    for (let t = 0; t < 50; t++) {
      const xs = [0, 30, 30, 70, 100];
      const ys = [0, 20, 45, 60];
      const cells: GridCell[] = [{ r0: 0, r1: 1, c0: 0, c1: 4 }, { r0: 1, r1: 3, c0: 0, c1: 1 }, { r0: 1, r1: 2, c0: 1, c1: 4 }, { r0: 2, r1: 3, c0: 3, c1: 4 }];
      const grid: RuleGrid = { box: { x0: 0, y0: 0, x1: 100, y1: 60 }, xs, ys, cells, rules: [] };
      const runs = Array.from({ length: 40 }, () => run(Math.floor(next() * 110) - 5, Math.floor(next() * 70) - 5, Math.floor(next() * 20)));
      const inside = cellRuns(grid, runs);
      for (const c of cells) expect(inside(c)).toEqual(runs.filter(inCell(grid, c)));
      expect(rowRuns(ys, runs)).toEqual([0, 1, 2].map((r) => runs.filter((x) => (x.box.y0 + x.box.y1) / 2 >= ys[r]! && (x.box.y0 + x.box.y1) / 2 < ys[r + 1]!)));
    }
  });
});
