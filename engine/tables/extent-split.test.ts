import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

/** A table of `rows` (first row the header), columns at `xs`, one row every `pitch` points from `y`. */
function grid(rows: string[][], xs: number[], y: number, pitch: number): TextRun[] {
  return rows.flatMap((row, i) => row.map((t, k) => run(t, xs[k]!, y + i * pitch, { bold: i === 0 })));
}

const a = [['Sector', 'Actual', 'Change'], ['Croatia', '-61,292', '-6.64'], ['Estonia', '0.22', '-52.7'], ['Latvia', '7,664', '-376'],
  ['Romania', '40.0', '91.7'], ['Small firms', '60,080', '31.4'], ['Health care', '-5.01', '498'], ['Austria', '-86,257', '1.46']];
const b = [['Country', 'Share', 'Women'], ['Austria', '8.90', '5.02'], ['Germany', '78,813', '4.04'], ['Latvia', '80,869', '622'],
  ['Slovakia', '1.52', '89,925'], ['Households', '0.90', '662']];

describe('tables side by side on shared baselines', () => {
  // pdflatex sets two tabulars top-aligned at one \arraystretch: every row of the shorter table shares a
  // baseline with a row of the longer one, so only where one table's rows stop tells them apart.
  it('are cut apart where one table\'s rows end and the other\'s go on', () => {
    const found = tablesOf(tables.run(doc(page([...grid(a, [60, 140, 200], 100, 16), ...grid(b, [290, 370, 430], 100, 16)])), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([a, b]);
  });

  it('are cut apart when the right table is the longer one', () => {
    const found = tablesOf(tables.run(doc(page([...grid(b, [60, 140, 200], 100, 16), ...grid(a, [290, 370, 430], 100, 16)])), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([b, a]);
  });

  it('are cut at the edge between them, not at a gutter inside the shorter one, however much longer the other is', () => {
    const left = [['Sector', 'Actual', 'Growth', 'Output'], ['Austria', '78,369', '969', '23.7'], ['Estonia', '62,394', '75.4', '12,768'],
      ['Slovenia', '92,368', '0.05', '702'], ['Tourism', '3.77', '542', '92,212']];
    const long = [...b, ['Finland', '-939', '-5.5'], ['Latvia', '4.99', '10.8'], ['Portugal', '-536', '81,715'], ['Iceland', '-0.24', '5.03'],
      ['Transport', '-526', '959'], ['Mining', '12.5', '-681'], ['Energy', '7.25', '44.0']];
    const found = tablesOf(tables.run(doc(page([...grid(left, [60, 130, 200, 250], 100, 16), ...grid(long, [330, 410, 470], 100, 16)])), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([left, long]);
  });

  it('keep one table whose last rows leave its right-hand columns of numbers empty', () => {
    const rows = [['Region', 'Total', 'Share', 'Jobs', 'Rate'], ['Croatia', '96.2', '5.24', '12.1', '0.4'], ['Estonia', '8.08', '59.8', '3.3', '1.9'],
      ['Latvia', '902', '79.5', '44.0', '2.2'], ['Romania', '627', '9.6', '5.1', '0.8'], ['Poland', '287', '8.14', '', ''], ['Spain', '74.5', '19.0', '', '']];
    const found = tablesOf(tables.run(doc(page(grid(rows, [60, 140, 200, 290, 350], 100, 16).filter((r) => r.text))), DEFAULT_CONFIG));
    expect(found).toHaveLength(1);
    expect(texts(found[0]!)).toEqual(rows);
  });

  it('keep one table whose last rows leave its right-hand columns of Yes and No empty', () => {
    const yn = (i: number, k: number): string => ((i * 7 + k * 3) % 5 < 2 ? 'No' : 'Yes');
    const rows = [['Name', 'Purge', 'Copy', 'Move', 'DirMove', 'CleanUp', 'ListR'],
      ...['Google Photos', 'HDFS', 'HiDrive', 'Jottacloud', 'Koofr', 'Mega'].map((n, i) => [n, ...[1, 2, 3, 4, 5, 6].map((k) => yn(i, k))]),
      ['Memory', 'No', 'Yes', 'No', '', '', ''], ['OpenDrive', 'Yes', 'Yes', 'Yes', '', '', '']];
    const found = tablesOf(tables.run(doc(page(grid(rows, [40, 150, 210, 270, 330, 400, 470], 100, 16).filter((r) => r.text))), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([rows]);
  });
});
