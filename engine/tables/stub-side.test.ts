/**
 * Right-to-left tables keep their stub (row labels) in the rightmost column:
 * a line with text there alone is a row-group label, not the tail of the row
 * above it.
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
const RTL = /[\u0590-\u05FF]/u;

/** Rows 20 pt apart, cells (given in page order, left to right) each ending at its column's right edge `ends[k]`. */
function rows(cells: string[][], ends: number[]): TextRun[] {
  return cells.flatMap((row, i) => row.flatMap((t, k) => (t === '' ? [] : [run(t, ends[k]! - 6 * t.length, 100 + 20 * i, { bold: i === 0, dir: RTL.test(t) ? 'rtl' : 'ltr' })])));
}

describe('a right-to-left table with row-group labels', () => {
  it('keeps a label standing alone in the stub column (rightmost) a row of its own', () => {
    const cells = [['שינוי', 'סך הכל', 'אזור'], ['', '', 'צפון'], ['-876', '3.50', 'ירושלים'], ['-698', '6.20', 'חיפה'],
      ['', '', 'דרום'], ['+23', '519', 'אשדוד'], ['-9.4', '0.06', 'נתניה']];
    const found = tablesOf(tables.run(doc(page(rows(cells, [200, 300, 420]))), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([cells]);
  });

  it('leaves a left-to-right table with the same geometry as it was (stub on the left)', () => {
    const cells = [['Region', 'Total', 'Change'], ['North', '', ''], ['Haifa', '3.50', '-876'], ['Holon', '6.20', '-698'],
      ['South', '', ''], ['Ashdod', '519', '+23'], ['Netanya', '0.06', '-9.4']];
    const found = tablesOf(tables.run(doc(page(cells.flatMap((row, i) => row.flatMap((t, k) => (t === '' ? [] : [run(t, [60, 200, 300][k]!, 100 + 20 * i, { bold: i === 0 })]))))), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([cells]);
  });
});
