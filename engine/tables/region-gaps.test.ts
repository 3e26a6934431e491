/**
 * A header set a blank apart from the body (office styles with no rules):
 * labels left-aligned over numbers right-aligned share no cell edge with
 * them, yet a reader takes the header as the table's, with the row-group
 * label under it.
 */
import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, hRule, page, run } from '../../test/support/tables/pages.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';
import { decimalX } from './region-gaps.ts';
import type { Chunk } from './chunks.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

/** A cell right-aligned at `right` (the builder sets 6pt a character). */
const atRight = (text: string, right: number, y: number): TextRun => run(text, right - 6 * text.length, y);

describe('a header a blank above the body', () => {
  it('stays the table\'s when each row puts one cell under each of its labels, in order', () => {
    const body = [['Croatia', '34,686', '6.59'], ['Finland', '-67.8', '10,521'], ['Latvia', '+3.97', '-9.48']];
    const runs = [run('Item', 60, 100, { bold: true }), run('Jobs', 150, 100, { bold: true }), run('Output', 230, 100, { bold: true }),
      run('Under 25', 60, 128), ...body.flatMap((r, i) => [run(r[0]!, 60, 144 + 14 * i), atRight(r[1]!, 215, 144 + 14 * i), atRight(r[2]!, 300, 144 + 14 * i)])];
    const found = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG)).map(texts);
    expect(found).toEqual([[['Item', 'Jobs', 'Output'], ['Under 25', '', ''], ...body]]);
  });

  it('stays the table\'s when its labels wrap onto a second line (a year) over a rule, a blank above a row-group label', () => {
    const body = [['Bulgaria', '98.3', '592'], ['Estonia', '94,538', '545'], ['Latvia', '90.2', '620']];
    const bold = { bold: true };
    const runs = [run('Wages', 150, 100, bold), run('Budget', 230, 100, bold), run('2001', 150, 111, bold), run('2002', 230, 111, bold),
      run('Over 65', 60, 145), ...body.flatMap((r, i) => [run(r[0]!, 60, 162 + 14 * i), atRight(r[1]!, 215, 162 + 14 * i), atRight(r[2]!, 300, 162 + 14 * i)])];
    const found = tablesOf(tables.run(doc(page(runs, [hRule(55, 305, 125)])), DEFAULT_CONFIG)).map(texts);
    expect(found).toEqual([[['', 'Wages 2001', 'Budget 2002'], ['Over 65', '', ''], ...body]]);
  });

  it('ends at a small table\'s bottom rule when the prose under it runs past the rule', () => {
    const rows = [['Type:', 'boolean'], ['CLI:', '--compact'], ['Default:', 'true']];
    const runs = [...rows.flatMap((r, i) => [run(r[0]!, 150, 100 + 13 * i), run(r[1]!, 210, 100 + 13 * i)]),
      run('This will minify the wrapper code made by', 60, 160), run('rollup.', 318, 160), run('Note that it does not affect code', 366, 160)];
    const found = tablesOf(tables.run(doc(page(runs, [hRule(145, 300, 96), hRule(145, 300, 142)])), DEFAULT_CONFIG)).map(texts);
    expect(found).toEqual([rows]);
  });

  it('goes on past a row-group label when the rows below line up on the decimal point (dcolumn)', () => {
    // Before, `4.33` under `−26,206` shared no edge or centre with a cell above: the blank above `West` closed the
    // table, and Italy, Slovenia and Iceland became a second table without a header.
    const found = tablesOf(tables.run(recordedPage('latex-decimal-aligned-groups.json'), DEFAULT_CONFIG)).map(texts);
    expect(found[0]).toEqual([['Item', 'Women 2001', 'Share 2002', 'Rate 2003'], ['Urban areas', '', '', ''],
      ['Austria', '964', '488', '−26,206'], ['Finland', '-0.22', '389', '−21,947'], ['West', '', '', ''],
      ['Italy', '46.3', '7.39', '4.33'], ['Slovenia', '0.75', '5.94', '365'], ['Iceland', '80.8', '−54,893', '209']]);
    expect(found).toHaveLength(2);
  });
});

describe('a heading a blank below two rows', () => {
  it('is no row-group label when its next row only fits under the rows above as a header', () => {
    // Two body rows are no header and the line under its labels: the second fills the stub. Before that test, a
    // section heading after them (`Skills`) joined the table with the row under it.
    const rows = [['English', 'reading', 'speaking'], ['Italian', 'reading', 'speaking']];
    const runs = [...rows.flatMap((r, i) => r.map((t, k) => run(t, [60, 130, 200][k]!, 100 + 14 * i))),
      run('Skills', 60, 150, { bold: true }), run('English', 60, 168), run('so-so', 150, 168), run('12 months', 215, 168)];
    expect(tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG)).map(texts)).toEqual([rows]);
  });
});

describe('decimalX', () => {
  const chunk = (...runs: TextRun[]): Chunk => ({ runs, box: { x0: runs[0]!.box.x0, y0: 0, x1: runs[runs.length - 1]!.box.x1, y1: 10 } });
  it('is the decimal point, or where a whole number\'s point would be', () => {
    expect(decimalX(chunk(run('46.3', 100, 0)))).toBe(112);
    expect(decimalX(chunk(run('4', 100, 0), run('.', 106, 0), run('33', 109, 0)))).toBe(106);
    expect(decimalX(chunk(run('−26,206', 100, 0)))).toBe(142);
    expect(decimalX(chunk(run('47.5†', 100, 0)))).toBe(112);
    expect(decimalX(chunk(run('Austria', 100, 0)))).toBeNull();
  });
});

describe('a blank under a header whose second line labels the columns under spanning years (Calc, zebra)', () => {
  it('carries the table across it: the body\'s cells fall one under each sub-label, beside a blank stub', () => {
    const found = tablesOf(tables.run(recordedPage('calc-sublabels-over-blank.json'), DEFAULT_CONFIG));
    const first = found.find((t) => texts(t)[0]?.[0] === 'Item' && texts(t).some((r) => r[0] === 'Bulgaria'));
    expect(first).toBeDefined();
    const rows = texts(first!);
    expect(rows[1]).toEqual(['Total', 'Share', 'Total', 'Share']);
    expect(rows.slice(2).map((r) => r[0])).toEqual(['North', 'Bulgaria', 'Over 65', 'Finland', 'Luxembourg', 'West', 'Portugal', 'Private households', 'South', 'Education', 'Mining']);
  });
});
