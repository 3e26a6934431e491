import { describe, expect, it } from 'vitest';
import { shadedBands } from './shaded-bands.ts';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';
import type { Block, Box, TextRun } from '../model.ts';

/**
 * Two zebra tables side by side on shared baselines (as Calc sets them): the left one has a row more, one row
 * only, too few to tell them apart by where their rows end, and a gutter between them no wider than a cell gap.
 */
function zebraPair(): { runs: TextRun[]; shaded: Box[] } {
  const left = [['Country', 'Change', 'Wages'], ['Bulgaria', '41,036', '1.87'], ['France', '44,967', '33,189'], ['Lithuania', '82,111', '4.32'],
    ['Portugal', '2.72', '0.58'], ['Iceland', '56,616', '72,252'], ['Tourism', '78.2', '7.45']];
  const right = [['Region', 'Exports', 'Men'], ['Belgium', '-89.5', '+2.71'], ['Finland', '9.40', '562'], ['Estonia', '85,237', '240'],
    ['Poland', '44,408', '-701'], ['Hungary', '-36,479', '-4']];
  const runs: TextRun[] = [];
  const shaded: Box[] = [];
  const place = (rows: string[][], x: number): void => rows.forEach((cells, i) => {
    const y = 100 + i * 14;
    cells.forEach((t, k) => runs.push(run(t, x + k * 66, y, { bold: i === 0 })));
    if (i % 2 === 0) shaded.push({ x0: x - 4, y0: y - 2, x1: x + 3 * 66 - 16, y1: y + 12 });
  });
  place(left, 50);
  place(right, 248); // one column pitch on: the gutter between the tables is no wider than a cell gap
  return { runs, shaded };
}

const texts = (blocks: readonly Block[]): string[][] =>
  blocks.flatMap((b) => (b.kind === 'table' ? [b.rows.map((r) => r.map((c) => c.spans.map((s) => s.text).join('')).join('|'))] : []));

describe('shaded bands', () => {
  it('keeps stripes a row tall and wider than a cell, as rules over their width', () => {
    const bands = shadedBands([{ x0: 50, y0: 100, x1: 240, y1: 114 }, { x0: 50, y0: 100, x1: 60, y1: 114 }, { x0: 0, y0: 0, x1: 595, y1: 842 }], 10);
    expect(bands).toEqual([{ box: { x0: 50, y0: 100, x1: 240, y1: 114 }, orientation: 'h' }]);
  });

  it('parts two zebra tables side by side at the gap between their stripes', () => {
    const { runs, shaded } = zebraPair();
    const plain = tables.run(doc(page(runs)), {} as never).pages[0]!.blocks;
    expect(texts(plain)).toHaveLength(1); // without the stripes: one wide table
    const found = texts(tables.run(doc({ ...page(runs), shaded }), {} as never).pages[0]!.blocks);
    expect(found).toHaveLength(2);
    expect(found).toContainEqual(['Region|Exports|Men', 'Belgium|-89.5|+2.71', 'Finland|9.40|562', 'Estonia|85,237|240', 'Poland|44,408|-701', 'Hungary|-36,479|-4']);
  });

  it('keeps one table whose stripes run across the gutter', () => {
    const { runs, shaded } = zebraPair();
    const across = shaded.filter((b) => b.x0 < 200).map((b) => ({ ...b, x1: 500 }));
    expect(texts(tables.run(doc({ ...page(runs), shaded: across }), {} as never).pages[0]!.blocks)).toHaveLength(1);
  });
});
