/**
 * A footnote star raised off its row far enough to stand on a line of its own
 * (LaTeX's `911$^*$`): it joins the row it marks and parts no rows.
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

describe('a line holding only a raised mark', () => {
  it('joins the row it marks, and the rows around it stay apart', () => {
    const rows = [['Belgium', '645', '-0.8'], ['Germany', '-49,993', '73.1'], ['Lithuania', '911', '7.2'], ['Romania', '+84', '628'], ['Iceland', '-6.12', '2,622']];
    const runs: TextRun[] = [run('Region', 60, 100, { bold: true }), run('Total', 200, 100, { bold: true }), run('Men', 300, 100, { bold: true })];
    rows.forEach(([a, b, c], i) => runs.push(run(a!, 60, 115 + 15 * i), run(b!, 200, 115 + 15 * i), run(c!, 300, 115 + 15 * i)));
    // Lithuania's star: 7 pt type, its bottom 3.7 pt above the row's baseline and 11.3 below Germany's.
    runs.push({ ...run('∗', 218, 0, { fontSize: 7 }), box: { x0: 218, y0: 144.3, x1: 222, y1: 151.3 } });
    const [t] = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(texts(t!).map((r) => r[0])).toEqual(['Region', 'Belgium', 'Germany', 'Lithuania', 'Romania', 'Iceland']);
    expect(texts(t!).find((r) => r[0] === 'Lithuania')![1]).toMatch(/^911 ?∗$/);
  });
});
