/**
 * Rows a spreadsheet sets tight, one text line apart, with a blank row here
 * and there (Calc's tables beside others): the blank makes the pitches look
 * padded, so numbers and type must tell rows apart, not spacing alone.
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

/** Rows at the given tops, cells at `xs`; the first row bold. */
function rows(cells: string[][], tops: number[], xs: number[]): TextRun[] {
  return cells.flatMap((row, i) => row.map((t, k) => run(t, xs[k]!, tops[i]!, { bold: i === 0 })));
}

describe('rows set one line apart around a blank row', () => {
  it('keep the bold header apart from the first row, and flagged numbers (`544 (e)`) apart from the row under them', () => {
    const cells = [['Item', 'Total', 'Median'], ['Bulgaria', '+47.0', '-29.3'], ['France', '544 (e)', '-9.42 (p)'],
      ['Latvia', '-113', '-18,669'], ['Portugal', '-19.4', '-72,575'], ['Transport', '24,895', '-3.26']];
    const found = tablesOf(tables.run(doc(page(rows(cells, [100, 111, 128, 139, 150, 167], [60, 150, 230]))), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([cells]);
  });
});
