/**
 * A header of labels over labels (years over two columns each) above a
 * drawn rule, then a blank and a row-group label: the table goes on across
 * the blank, as under a one-line header.
 */
import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

describe('a header of labels over labels above its rule', () => {
  it('keeps its body across the blank and the row-group label under the rule', () => {
    // Before, `Item  2020  2021  2022` over `Total  Share  Total  Share  Total` was a table of its own, `Central`
    // a paragraph, and the rows under it a second table without a header.
    const found = tablesOf(tables.run(recordedPage('writer-spanning-head-over-rule.json'), DEFAULT_CONFIG)).map(texts);
    const second = found.find((t) => t[0]![0] === 'Item');
    expect(second).toBeDefined();
    expect(second!.map((r) => r[0])).toEqual(['Item', 'Total', 'Central', 'Austria', 'Estonia', 'Italy', 'Romania']);
    expect(second![4]).toEqual(['Estonia', 'In most', '38.8', '16.4', '5.86', '35,118']);
  });
});
