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
import { doc, page, run } from '../../test/support/tables/pages.ts';

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
});
