import { describe, expect, it } from 'vitest';
import type { Rule, TextRun } from '../model.ts';
import { pageDrawsTextGrid } from './grid-gate.ts';
import { readGrid } from './rule-grid.ts';
import { cutRunsAtRules } from './rule-cut-runs.ts';

const run = (text: string, x0: number, x1: number, y0: number): TextRun => ({
  text, box: { x0, y0, x1, y1: y0 + 10 }, fontName: 'f', fontSize: 9, bold: false, italic: false, monospace: false, dir: 'ltr',
});
const h = (y: number, x0: number, x1: number): Rule => ({ box: { x0, y0: y, x1, y1: y + 0.75 }, orientation: 'h' });
const v = (x: number, y0: number, y1: number): Rule => ({ box: { x0: x, y0, x1: x + 0.75, y1 }, orientation: 'v' });

/** A 3-column, 2-row grid: columns at 10 | 50 | 100 | 150, rows at 10 | 30 | 50. */
const GRID = [h(10, 10, 150), h(30, 10, 150), h(50, 10, 150), v(10, 10, 50), v(50, 10, 50), v(100, 10, 50), v(150, 10, 50)];

describe('cutRunsAtRules', () => {
  it('cuts a run crossing drawn column boundaries at the word spaces nearest them, and maps each piece to its run', () => {
    const grid = readGrid(GRID)!;
    const glued = run('K001 Item 1 8.54', 12, 130, 14);
    const { runs, origin } = cutRunsAtRules(grid, [glued]);
    expect(runs.map((r) => r.text.trim())).toEqual(['K001', 'Item 1', '8.54']);
    expect(runs.every((r) => origin.get(r) === glued)).toBe(true);
  });

  it('leaves a run inside one cell, and a run across a merged cell, whole', () => {
    const merged = [h(10, 10, 150), h(30, 10, 150), h(50, 10, 150), v(10, 10, 50), v(50, 30, 50), v(100, 10, 50), v(150, 10, 50)];
    const grid = readGrid(merged)!;
    const inCell = run('Item 1', 55, 95, 34);
    const spanning = run('Title over two', 15, 95, 14);
    expect(cutRunsAtRules(grid, [inCell, spanning]).runs).toEqual([inCell, spanning]);
  });
});

describe('pageDrawsTextGrid', () => {
  it('is true for a drawn grid with text in two rows, false for an empty grid, a lone box, or too many rules', () => {
    const texts = [run('Key Item', 12, 90, 14), run('K001 Item 1', 12, 90, 34)];
    expect(pageDrawsTextGrid(GRID, texts)).toBe(true);
    expect(pageDrawsTextGrid(GRID, [])).toBe(false);
    expect(pageDrawsTextGrid(GRID, [texts[0]!])).toBe(false);
    expect(pageDrawsTextGrid([h(10, 10, 150), h(50, 10, 150), v(10, 10, 50), v(150, 10, 50)], texts)).toBe(false);
    expect(pageDrawsTextGrid(GRID, texts, GRID.length - 1)).toBe(false);
  });
});
