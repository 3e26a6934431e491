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
import { recordedPage } from '../../test/support/tables/recorded.ts';

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

describe('rows set one line apart under cells that wrap, cells top-aligned (Calc, a box over an unruled body)', () => {
  it('start where a label opens beside a figure the line above left empty, though the pitches look padded', () => {
    const found = tablesOf(tables.run(recordedPage('calc-wrapped-cells-top-aligned.json'), DEFAULT_CONFIG));
    const second = found.map(texts).find((t) => t[0]?.[1] === 'Mean 2001');
    expect(second?.map((r) => r[0])).toEqual(['Item', 'West', 'Austria', 'Estonia', 'Luxembourg', 'North', 'Slovakia', 'Iceland', 'Health care', 'Tourism']);
    expect(second?.[3]).toEqual(['Estonia', 'Lower targets for new projects and a stronger focus on maintenance of the', '9,565']);
    // The first table, one line a row, is as before.
    expect(found[0]?.rows).toHaveLength(13);
  });
});

describe('a bold header whose labels wrap where they must, over an unruled body (Writer)', () => {
  it('is one header row: `Prices` / `2001` beside `Jobs 2002`, which fitted on one line', () => {
    const found = tablesOf(tables.run(recordedPage('writer-bold-header-wrapped.json'), DEFAULT_CONFIG)).map(texts);
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toEqual(['Item', 'Prices 2001', 'Jobs 2002', 'Rate 2003', 'Actual 2004', 'Growth 2005']);
    expect(found[0]!.slice(1, 4).map((r) => r[0])).toEqual(['Rural areas', 'Belgium', 'North']);
  });
});
