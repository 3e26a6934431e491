/**
 * An AASTeX deluxetable's header (texlive-publishers-doc, aastex's
 * sample631, page 6, recorded as the tables stage receives it): three lines
 * of labels centred over their columns, `Distance` wider than the values
 * under it and no label over `Constellation` on the first line. With that
 * line in the region its columns were not found, so the line was left out
 * of the table.
 */
import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { isHeaderOver } from './header-over.ts';
import { run } from '../../test/support/tables/pages.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

describe('a header line over a table', () => {
  it('whose label is wider than the values under it is the first line of the header', () => {
    const found = tablesOf(tables.run(recordedPage('aastex-deluxetable-header.json'), DEFAULT_CONFIG)).map(texts);
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toEqual(['Messier Number', 'NGC/IC Number', 'Object Type', 'Distance (kpc)', 'Constellation', 'V (mag)']);
    expect(found[0]![2]).toEqual(['M1', 'NGC 1952', 'Supernova remnant', '2', 'Taurus', '8.4']);
    expect(found[0]).toHaveLength(12);
  });

  it('is no header line when two of its pieces sit over one column, or one reaches into the next column', () => {
    const cols = [{ x0: 100, x1: 140 }, { x0: 200, x1: 240 }, { x0: 300, x1: 340 }];
    const line = (...pieces: [string, number][]) => {
      const chunks = pieces.map(([t, x]) => { const r = run(t, x, 50); return { runs: [r], box: r.box }; });
      return { chunks, y0: 50, y1: 60 };
    };
    expect(isHeaderOver(line(['Name', 108], ['Value', 205], ['Share', 305]), cols)).toBe(true);
    expect(isHeaderOver(line(['Name', 102], ['of', 130], ['Share', 305]), cols)).toBe(false);
    expect(isHeaderOver(line(['Name', 108], ['A label so long it reaches out', 130], ['Share', 305]), cols)).toBe(false);
  });
});
