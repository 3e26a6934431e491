import { describe, expect, it } from 'vitest';
import { isDrawing } from './drawn-figure.ts';
import { doc, hRule, page, run, vRule } from '../../test/support/tables/pages.ts';
import type { Page, Rule, Stroke, TextRun } from '../model.ts';
import { tables } from './tables.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import type { Detected } from './table-parts.ts';

/** A found 4 × 3 table of 10-point text at (100, 100), rows 14 points apart. */
function table(): Detected {
  const runs: TextRun[] = [];
  for (let r = 0; r < 4; r++) for (let c = 0; c < 3; c++) runs.push(run(`v${r}${c}`, 100 + c * 80, 100 + r * 14));
  const rows = [0, 1, 2, 3].map((r) => [0, 1, 2].map((c) => ({ spans: [{ text: `v${r}${c}` }] })));
  return { block: { kind: 'table', rows, prov: { page: 1, box: { x0: 100, y0: 100, x1: 340, y1: 152 } } } as Detected['block'], runs: new Set(runs) };
}
const stroke = (x0: number, y0: number, x1: number, y1: number, bends = true): Stroke => ({ box: { x0, y0, x1, y1 }, bends });

describe('tables that are drawings', () => {
  it('a plotted curve across the rows makes the grid a chart', () => {
    expect(isDrawing(table(), [stroke(110, 101, 330, 150)])).toBe(true);
  });

  it('the many small strokes of a drawing outnumber a table’s marks', () => {
    const marks = Array.from({ length: 24 }, (_, i) => stroke(105 + (i % 12) * 19, 105 + Math.floor(i / 12) * 20, 109 + (i % 12) * 19, 109 + Math.floor(i / 12) * 20));
    expect(isDrawing(table(), marks)).toBe(true);
  });

  it('a check mark in each cell of a column is no drawing', () => {
    expect(isDrawing(table(), [0, 1, 2, 3].map((r) => stroke(262, 101 + r * 14, 270, 109 + r * 14)))).toBe(false);
  });

  it('a sparkline in each row stays within its row: no drawing', () => {
    expect(isDrawing(table(), [0, 1, 2, 3].map((r) => stroke(180, 100 + r * 14, 250, 110 + r * 14)))).toBe(false);
  });

  it('one diagonal across a header cell is no drawing', () => {
    expect(isDrawing(table(), [stroke(100, 100, 170, 152, false)])).toBe(false);
  });

  it('strokes outside the table box do not count', () => {
    expect(isDrawing(table(), [stroke(400, 100, 500, 300)])).toBe(false);
  });
});

describe('the tables stage with drawn strokes', () => {
  /** A 5 × 4 ruled grid of numbers, as a chart's gridlines and tick labels make one. */
  function grid(): Page {
    const runs: TextRun[] = [];
    const rules: Rule[] = [];
    for (let r = 0; r <= 5; r++) rules.push(hRule(100, 420, 100 + r * 20));
    for (let c = 0; c <= 4; c++) rules.push(vRule(100 + c * 80, 100, 200));
    for (let r = 0; r < 5; r++) for (let c = 0; c < 4; c++) runs.push(run(String(10 * r + c), 110 + c * 80, 105 + r * 20));
    return page(runs, rules);
  }

  it('keeps a ruled grid without strokes as a table', () => {
    const out = tables.run(doc(grid()), DEFAULT_CONFIG);
    expect(out.pages[0]!.blocks.filter((b) => b.kind === 'table')).toHaveLength(1);
  });

  it('reads a ruled grid with a plotted line across it as a figure: its labels stay text', () => {
    const p = { ...grid(), drawn: [stroke(100, 110, 420, 195)] };
    const out = tables.run(doc(p), DEFAULT_CONFIG);
    expect(out.pages[0]!.blocks.filter((b) => b.kind === 'table')).toHaveLength(0);
    expect(out.pages[0]!.lines.flatMap((l) => l.runs.map((r) => r.text))).toContain('43');
  });
});
