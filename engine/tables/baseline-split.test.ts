import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, linesOf, page, run } from '../../test/support/tables/pages.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

/** A table of `rows` (first row the header), columns at `xs`, one row every `pitch` points from `y`. */
function grid(rows: string[][], xs: number[], y: number, pitch: number): TextRun[] {
  return rows.flatMap((row, i) => row.map((t, k) => run(t, xs[k]!, y + i * pitch, { bold: i === 0 })));
}

describe('tables side by side with no rules', () => {
  it('are cut apart where their rows stop sharing baselines', () => {
    const a = [['Item', 'Total', 'Share'], ['Croatia', '96.2', '5.24'], ['Estonia', '8.08', '59.8'], ['Latvia', '902', '79.5'],
      ['Romania', '627', '9.6'], ['Poland', '287', '8.14'], ['Spain', '74.5', '19.0']];
    const b = [['Sector', 'Jobs', 'Rate'], ['Mining', '-36', '38.1'], ['Tourism', '94.8', '853'], ['Retail', '6.38', '0.04'],
      ['Energy', '731', '391'], ['Transport', '3.64', '31.0']];
    // The right table is set with more padding: its rows sit half a line lower than the left table's, and a
    // reader that groups text by vertical overlap puts each left row and the right row beside it on one line.
    const left = grid(a, [60, 130, 180], 100, 16);
    const right = grid(b, [236, 306, 356], 105, 16);
    const p = page([...left, ...right]);
    p.lines = linesOf(left).map((l, i) => {
      const runs = [...l.runs, ...right.filter((r) => r.box.y0 === 105 + 16 * i)];
      return { runs, box: { x0: Math.min(...runs.map((r) => r.box.x0)), y0: l.box.y0, x1: Math.max(...runs.map((r) => r.box.x1)), y1: l.box.y1 + 5 } };
    });
    const found = tablesOf(tables.run(doc(p), DEFAULT_CONFIG)).map(texts);
    expect(found).toEqual([a, b]);
  });

  it('are cut at the gutter whose sides keep their cells on one baseline, not at a wider gutter inside one table', () => {
    const a = [['Item', 'Mean', 'Target'], ['Croatia', '451', '598'], ['Estonia', '92.7', '0.08'], ['Italy', '19.3', '982'],
      ['Romania', '67.2', '55.8'], ['Mining', '170', '60.6']];
    const b = [['Country', 'Prices', 'Rate'], ['Bulgaria', '83.8', '95.1'], ['Finland', '9.52', '26.2'], ['Latvia', '11.7', '47.6'],
      ['Norway', '40.3', '926'], ['Poland', '43.3', '53.3']];
    // The left table's value columns stand further apart than the two tables do; the right one sits 3pt lower.
    const left = grid(a, [60, 130, 215], 100, 16);
    const right = grid(b, [275, 345, 395], 103, 16);
    const p = page([...left, ...right]);
    p.lines = linesOf(left).map((l, i) => {
      const runs = [...l.runs, ...right.filter((r) => r.box.y0 === 103 + 16 * i)];
      return { runs, box: { x0: Math.min(...runs.map((r) => r.box.x0)), y0: l.box.y0, x1: Math.max(...runs.map((r) => r.box.x1)), y1: l.box.y1 + 3 } };
    });
    const found = tablesOf(tables.run(doc(p), DEFAULT_CONFIG)).map(texts);
    expect(found).toEqual([a, b]);
  });

  it('keep a stub column of wrapped labels beside values centred on them as one table', () => {
    // Each label wraps to two lines; its values sit half a line lower, between them.
    const labels = [['Median household', 'income'], ['Household income', 'inequality'], ['Between-state', 'inequality'], ['Premature', 'mortality']];
    const values = [['49,497', '51,295', '52,587'], ['0.4590', '0.4560', '0.4580'], ['0.0628', '0.0636', '0.0612'], ['7108.3', '6960.6', '6920.0']];
    const runs = [run('Measure', 60, 80, { bold: true }), ...['1997', '1998', '1999'].map((t, k) => run(t, 220 + 60 * k, 80, { bold: true })),
      ...labels.flatMap((l, i) => [run(l[0]!, 60, 100 + 30 * i), run(l[1]!, 60, 112 + 30 * i)]),
      ...values.flatMap((v, i) => v.map((t, k) => run(t, 220 + 60 * k, 106 + 30 * i)))];
    const found = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(found).toHaveLength(1);
    expect(texts(found[0]!).map((r) => r.length)).toEqual([4, 4, 4, 4, 4]);
  });

  it('keep the rest of a longer table set small whose neighbour ended, its row groups a blank apart', () => {
    // Before, the band of lines both tables shared ended at the first blank past the right table, and the left table
    // came out in three parts without its header: `Region  Exports  Wages  Count` over `2001  2002  2003`, a blank,
    // then `Urban` / `areas` over the first row, and each later group label a blank above its rows.
    const found = tablesOf(tables.run(recordedPage('writer-side-by-side-small-type.json'), DEFAULT_CONFIG)).map(texts);
    expect(found).toHaveLength(2);
    const left = found.find((t) => t[0]![0] === 'Region')!;
    expect(left.slice(0, 3)).toEqual([['Region', 'Exports 2001', 'Wages 2002', 'Count 2003'], ['Urban areas', '', '', ''],
      ['Belgium', '70,366', '7.31', '44,965']]);
    expect(left.map((r) => r[0])).toEqual(['Region', 'Urban areas', 'Belgium', 'Under 25', 'Germany', 'Latvia', 'Romania',
      'Over 65', 'Iceland', 'Health care', 'Mining', 'Denmark', 'Hungary', 'Central', 'Poland', 'South', 'Iceland', 'Transport']);
    expect(found.find((t) => t[0]![0] === 'Item')).toHaveLength(8);
  });
});
