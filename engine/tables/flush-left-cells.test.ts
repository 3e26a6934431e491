/**
 * A right-to-left sheet whose text cells a spreadsheet set left to right,
 * flush left (LibreOffice Calc): mixed cells keep the order of their parts.
 */
import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

/**
 * Rows 20 pt apart in page order, as the lines stage hands them over on a
 * right-to-left page (each piece read right to left, direction `rtl`): the
 * stub column, rightmost, starts at x = 300 (flush left); numbers end at 200 and 260.
 */
function rows(cells: string[][], signFirst: boolean): TextRun[] {
  return cells.flatMap((row, i) => row.map((t, k) => {
    const x = k === 2 ? 300 : [200, 260][k]! - 6 * t.length;
    // Calc draws `-9.73` sign first: the lines stage marks such a number drawn left to right.
    return run(t, x, 100 + 20 * i, { dir: 'rtl', bold: i === 0, ...(signFirst && t.startsWith('-') ? { drawnLtr: true } : {}) });
  }));
}

describe('a right-to-left table whose stub column is set flush left', () => {
  const cells = [['נשים', 'גברים', 'אזור'], ['-9.73', '631', 'Jerusalem ירושלים'],
    ['6', '-307', 'תל אביב Tel Aviv'], ['544', '48,013', '(Haifa) חיפה'], ['61,168', '-9.32', 'באר שבע']];

  it('reads its mixed cells left to right when its numbers were drawn left to right', () => {
    // The lines stage read `ירושלים Jerusalem` (Hebrew drawn on the left) right to left.
    const found = tablesOf(tables.run(doc(page(rows(cells, true))), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([[['נשים', 'גברים', 'אזור'], ['-9.73', '631', 'ירושלים Jerusalem'],
      ['6', '-307', 'Tel Aviv תל אביב'], ['544', '48,013', 'חיפה (Haifa)'], ['61,168', '-9.32', 'באר שבע']]]);
  });

  it('leaves them as read when no number says the cells were set left to right (a browser aligning by style)', () => {
    expect(tablesOf(tables.run(doc(page(rows(cells, false))), DEFAULT_CONFIG)).map(texts)).toEqual([cells]);
  });

  it('leaves a stub column set flush right as it was read', () => {
    const right = [['נשים', 'גברים', 'אזור'], ['-9.73', '631', 'Jerusalem ירושלים'], ['6', '-307', 'תל אביב Tel Aviv'], ['544', '48,013', 'באר שבע']];
    const runs = right.flatMap((row, i) => row.map((t, k) => run(t, [200, 260, 420][k]! - 6 * t.length, 100 + 20 * i, { dir: 'rtl', ...(t.startsWith('-') ? { drawnLtr: true } : {}) })));
    expect(tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG)).map(texts)).toEqual([right]);
  });
});
