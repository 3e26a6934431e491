/**
 * A page whose layout changes part way down (layout-bands.ts): a full-width
 * table on top, two columns below (a chart's tick labels beside prose)
 * whose lines share baselines across the gutter.
 */
import { describe, expect, it } from 'vitest';
import type { Block, Doc } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): string[][][] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'))
  .map((t) => t.rows.map((r) => r.map((c) => spansText(c.spans))));

const PROSE = [
  'and activity limitation reported in', 'the surveys of the adult population.', 'Scores can range from one for all',
  'persons who have no limitation and', 'are in excellent health to a tenth', 'for persons who are limited in the',
  'activities of daily living and are', 'in poor health. The scores rest on', 'assumptions that are described in',
  'full elsewhere in the literature.',
];

/** A run in 8pt print whose top is at y. */
const tick = (text: string, x: number, y: number) => run(text, x, y, { fontSize: 8, box: { x0: x, y0: y, x1: x + text.length * 5, y1: y + 8 } });

/** Left-column prose, 41 characters a line: it runs up to the gutter. */
const LEFT = ['Source: Census Bureau, Current Population', 'Reports, P60-235, Income, Poverty and the', 'Health Insurance Coverage in the States of', 'the Union: 2007, Printing Office, 2008. It'];

describe('pages whose layout changes part way down', () => {
  it('finds the full-width table on top and does not pair the lines of the two columns below it as table rows', () => {
    // Row labels run past the middle of the page: no gutter runs through the table.
    const rows = [['Household income inequality (Gini)', '0.4590', '0.4560'], ['Between-state inequality (Gini)', '0.0628', '0.0636']];
    const runs = [
      run('TABLE. Inequality in income and in health, United States, 1997-2007', 45, 80),
      run('Inequality measure', 45, 100), run('1997', 420, 100), run('1998', 480, 100),
      ...rows.flatMap((row, i) => [run(row[0]!, 45, 114 + i * 14), run(row[1]!, 420, 114 + i * 14), run(row[2]!, 480, 114 + i * 14)]),
      run('* Source: Census Bureau, Current Population Reports, 2008, and later releases.', 45, 150),
      ...PROSE.map((text, i) => run(text, 330, 180 + i * 12)), ...PROSE.slice(0, 2).map((text, i) => run(text, 330, 300 + i * 12)),
      // A chart's tick labels (smaller print) on the lines of the right column's prose, then the left column's prose.
      ...['54,000', '53,000', '52,000', '51,000', '50,000'].flatMap((text, i) => [tick(text, 60, 180 + i * 24), tick('0.4' + i, 260, 180 + i * 24)]),
      ...LEFT.map((text, i) => run(text, 45, 300 + i * 12)),
    ];
    const out = tables.run(doc(page(runs)), DEFAULT_CONFIG);
    const found = tablesOf(out);
    expect(found[0]).toEqual([['Inequality measure', '1997', '1998'], ...rows]);
    expect(found.flat(2).some((cell) => PROSE.some((line) => cell.includes(line)))).toBe(false);
  });
});
