import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, hRule, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));
/** A run ending at x1 (a right-aligned number). */
const right = (t: string, x1: number, y: number): TextRun => run(t, x1 - t.length * 6, y);

const body = [['Bulgaria', '+30,477', '-62,480'], ['Finland', '-841', '-3.1'], ['Italy', '-77.0', '-79,440'], ['Portugal', '3.05', '-44,054']];
const bodyRuns = (y: number): TextRun[] => body.flatMap((r, i) => [run(r[0]!, 50, y + 14 * i), right(r[1]!, 200, y + 14 * i), right(r[2]!, 280, y + 14 * i)]);

describe('a header cell wrapped in a narrow column', () => {
  // Writer wraps `Budget 2002` in a narrow column: the header's second line holds one bold word under its cell.
  it('stays in the header row, not a heading that ends the table', () => {
    const head = [run('Country', 50, 100, { bold: true }), run('Mean 2001', 140, 100, { bold: true }), run('Budget', 220, 100, { bold: true }),
      run('2002', 220, 111, { bold: true })];
    const found = tablesOf(tables.run(doc(page([...head, ...bodyRuns(130)], [hRule(45, 290, 125)])), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([[['Country', 'Mean 2001', 'Budget 2002'], ...body]]);
  });

  it('does not take a bold heading a blank line under a table into it', () => {
    const head = [run('Country', 50, 100, { bold: true }), run('Mean 2001', 140, 100, { bold: true }), run('Budget 2002', 220, 100, { bold: true })];
    const heading = run('Results', 50, 200, { bold: true });
    const d = tables.run(doc(page([...head, ...bodyRuns(114), heading])), DEFAULT_CONFIG);
    expect(tablesOf(d).map(texts)).toEqual([[['Country', 'Mean 2001', 'Budget 2002'], ...body]]);
    expect(d.pages[0]!.lines.map((l) => l.runs.map((r) => r.text).join(' '))).toEqual(['Results']);
  });
});
