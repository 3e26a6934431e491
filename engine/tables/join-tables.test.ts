import { describe, expect, it } from 'vitest';
import type { Block, Cell, Page } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { joinTables } from './join-tables.ts';
import type { TableBlock } from './table-parts.ts';
import { doc } from '../../test/support/tables/pages.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';
import { runStages, STAGES } from '../pipeline.ts';
import { spansText } from './cell-text.ts';

const cell = (text: string, header = false): Cell => (header ? { spans: [{ text }], header } : { spans: [{ text }] });
const table = (page: number, y0: number, y1: number, rows: string[][], x0 = 70): TableBlock => ({
  kind: 'table',
  rows: rows.map((r, i) => r.map((t) => cell(t, i === 0))),
  prov: { page, box: { x0, y0, x1: 500, y1 } },
});
const para = (page: number, y0: number): Block => ({ kind: 'paragraph', spans: [{ text: 'prose' }], prov: { page, box: { x0: 70, y0, x1: 500, y1: y0 + 12 } } });
const pg = (number: number, blocks: Block[]): Page => ({ number, width: 595, height: 842, runs: [], rules: [], lines: [], blocks });
const texts = (b: Block | undefined): string[][] => (b?.kind === 'table' ? b.rows.map((r) => r.map((c) => c.spans[0]?.text ?? '')) : []);

describe('joinTables', () => {
  it('merges a table continued on the next page and drops the repeated header row', () => {
    const d = doc(
      pg(1, [para(1, 100), table(1, 500, 760, [['Flag', 'Meaning'], ['-a', 'all']])]),
      pg(2, [table(2, 90, 200, [['Flag', 'Meaning'], ['-q', 'quiet']]), para(2, 230)]),
    );
    const out = joinTables.run(d, DEFAULT_CONFIG);
    expect(texts(out.pages[0]!.blocks[1])).toEqual([['Flag', 'Meaning'], ['-a', 'all'], ['-q', 'quiet']]);
    expect(out.pages[1]!.blocks.map((b) => b.kind)).toEqual(['paragraph']);
  });

  it('joins a row a page break cut to the rest of it under the repeated header', () => {
    const d = doc(
      pg(1, [table(1, 500, 760, [['Region', 'Budget', 'Women'], ['Tourism', 'Faster than', '25,718'], ['Estonia', 'Of roads and railways as', '+238']])]),
      pg(2, [table(2, 90, 200, [['Region', 'Budget', 'Women'], ['', 'hospitals', ''], ['Latvia', 'Rose in most', '7.1']]), para(2, 230)]),
    );
    const out = joinTables.run(d, DEFAULT_CONFIG);
    const rows = out.pages[0]!.blocks[0]!.kind === 'table' ? out.pages[0]!.blocks[0]!.rows : [];
    expect(rows.map((r) => r.map((c) => c.spans.map((x) => x.text).join('')))).toEqual([['Region', 'Budget', 'Women'],
      ['Tourism', 'Faster than', '25,718'], ['Estonia', 'Of roads and railways as hospitals', '+238'], ['Latvia', 'Rose in most', '7.1']]);
  });

  it('keeps a first row with a blank stub as a row of its own when it holds figures or the row above is complete', () => {
    const d = doc(
      pg(1, [table(1, 500, 760, [['Region', 'Budget', 'Women'], ['Estonia', 'Roads.', '+238']])]),
      pg(2, [table(2, 90, 200, [['Region', 'Budget', 'Women'], ['', 'hospitals', ''], ['', '12.5', '7.1']]), para(2, 230)]),
    );
    const out = joinTables.run(d, DEFAULT_CONFIG);
    expect(texts(out.pages[0]!.blocks[0])).toEqual([['Region', 'Budget', 'Women'], ['Estonia', 'Roads.', '+238'], ['', 'hospitals', ''], ['', '12.5', '7.1']]);
  });

  it('follows a table across three pages', () => {
    const d = doc(
      pg(1, [table(1, 500, 760, [['A', 'B'], ['1', '2']])]),
      pg(2, [table(2, 90, 760, [['A', 'B'], ['3', '4']])]),
      pg(3, [table(3, 90, 150, [['A', 'B'], ['5', '6']])]),
    );
    const out = joinTables.run(d, DEFAULT_CONFIG);
    expect(texts(out.pages[0]!.blocks[0])).toEqual([['A', 'B'], ['1', '2'], ['3', '4'], ['5', '6']]);
    expect(out.pages[1]!.blocks).toEqual([]);
    expect(out.pages[2]!.blocks).toEqual([]);
  });

  it('keeps tables apart when the column count differs', () => {
    const d = doc(
      pg(1, [table(1, 500, 760, [['A', 'B'], ['1', '2']])]),
      pg(2, [table(2, 90, 200, [['X', 'Y', 'Z'], ['1', '2', '3']])]),
    );
    const out = joinTables.run(d, DEFAULT_CONFIG);
    expect(out.pages.map((p) => p.blocks.length)).toEqual([1, 1]);
  });

  it('keeps tables apart when prose ends the first page or starts the next', () => {
    const endsWithProse = doc(
      pg(1, [table(1, 400, 600, [['A', 'B'], ['1', '2']]), para(1, 650)]),
      pg(2, [table(2, 90, 200, [['A', 'B'], ['3', '4']])]),
    );
    expect(joinTables.run(endsWithProse, DEFAULT_CONFIG).pages.map((p) => p.blocks.length)).toEqual([2, 1]);
    const startsWithProse = doc(
      pg(1, [table(1, 500, 760, [['A', 'B'], ['1', '2']])]),
      pg(2, [para(2, 90), table(2, 120, 200, [['A', 'B'], ['3', '4']])]),
    );
    expect(joinTables.run(startsWithProse, DEFAULT_CONFIG).pages.map((p) => p.blocks.length)).toEqual([1, 2]);
  });

  it('ignores running headers and footers in the page margins', () => {
    const d = doc(
      pg(1, [table(1, 500, 740, [['A', 'B'], ['1', '2']]), para(1, 800)]),
      pg(2, [para(2, 30), table(2, 100, 200, [['A', 'B'], ['3', '4']])]),
    );
    const out = joinTables.run(d, DEFAULT_CONFIG);
    expect(texts(out.pages[0]!.blocks[0])).toEqual([['A', 'B'], ['1', '2'], ['3', '4']]);
  });

  it('merges a table that runs on from the foot of the left column to the top of the right one', () => {
    const left = { ...table(1, 600, 760, [['Name', 'Purpose'], ['DEBUG', 'on']], 40), prov: { page: 1, box: { x0: 40, y0: 600, x1: 288, y1: 760 } } };
    const right = { ...table(1, 57, 130, [['Name', 'Purpose'], ['DEPTH', 'depth']], 307), prov: { page: 1, box: { x0: 307, y0: 57, x1: 555, y1: 130 } } };
    const out = joinTables.run(doc(pg(1, [para(1, 100), left, right, para(1, 150)])), DEFAULT_CONFIG);
    expect(out.pages[0]!.blocks.map((b) => b.kind)).toEqual(['paragraph', 'table', 'paragraph']);
    expect(texts(out.pages[0]!.blocks[1])).toEqual([['Name', 'Purpose'], ['DEBUG', 'on'], ['DEPTH', 'depth']]);
  });

  it('keeps a row-group label left at the foot of the left column as a row of the joined table', () => {
    const left = { ...table(1, 600, 748, [['Name', 'Purpose'], ['DEBUG', 'on']], 40), prov: { page: 1, box: { x0: 40, y0: 600, x1: 288, y1: 748 } } };
    const label = (x1: number): Block => ({ kind: 'paragraph', spans: [{ text: 'Limits' }], prov: { page: 1, box: { x0: 40, y0: 760, x1, y1: 770 } } });
    const right = { ...table(1, 57, 130, [['Name', 'Purpose'], ['DEPTH', 'depth']], 307), prov: { page: 1, box: { x0: 307, y0: 57, x1: 555, y1: 130 } } };
    const out = joinTables.run(doc(pg(1, [left, label(80), right])), DEFAULT_CONFIG);
    expect(texts(out.pages[0]!.blocks[0])).toEqual([['Name', 'Purpose'], ['DEBUG', 'on'], ['Limits', ''], ['DEPTH', 'depth']]);
    // A line as wide as the table is prose under it, not a label.
    expect(joinTables.run(doc(pg(1, [left, label(280), right])), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(3);
  });

  it('keeps a new table at the top of the next column apart', () => {
    const left = { ...table(1, 600, 760, [['Name', 'Purpose'], ['DEBUG', 'on']], 40), prov: { page: 1, box: { x0: 40, y0: 600, x1: 288, y1: 760 } } };
    const right = { ...table(1, 57, 130, [['Flag', 'Effect'], ['-q', 'quiet']], 307), prov: { page: 1, box: { x0: 307, y0: 57, x1: 555, y1: 130 } } };
    const out = joinTables.run(doc(pg(1, [left, right])), DEFAULT_CONFIG);
    expect(out.pages[0]!.blocks).toHaveLength(2);
  });

  it('keeps a table that opens the next page with a header of its own apart, however alike its columns', () => {
    const d = doc(
      pg(1, [table(1, 500, 760, [['Flag', 'Meaning'], ['-a', 'all']])]),
      pg(2, [table(2, 90, 200, [['Code', 'Region'], ['Z1', 'north']])]),
    );
    expect(joinTables.run(d, DEFAULT_CONFIG).pages.map((p) => p.blocks.length)).toEqual([1, 1]);
  });

  it('drops every repeated header row and no other row, even a body row equal to the header', () => {
    const head: TableBlock = { ...table(1, 500, 760, []), rows: [
      [cell('Region', true), cell('2025', true)], [cell('', true), cell('Total', true)], [cell('North'), cell('1')]] };
    const next: TableBlock = { ...table(2, 90, 200, []), rows: [
      [cell('Region', true), cell('2025', true)], [cell('', true), cell('Total', true)], [cell('South'), cell('2')], [cell('Region'), cell('2025')]] };
    const out = joinTables.run(doc(pg(1, [head]), pg(2, [next])), DEFAULT_CONFIG);
    expect(texts(out.pages[0]!.blocks[0])).toEqual([['Region', '2025'], ['', 'Total'], ['North', '1'], ['South', '2'], ['Region', '2025']]);
  });

  it('drops a repeated first row that was not marked as a header', () => {
    const plain = (page: number, y0: number, y1: number, rows: string[][]): TableBlock =>
      ({ ...table(page, y0, y1, []), rows: rows.map((r) => r.map((t) => cell(t))) });
    const d = doc(pg(1, [plain(1, 500, 760, [['Key', 'Value'], ['a', '1']])]), pg(2, [plain(2, 90, 200, [['Key', 'Value'], ['b', '2']])]));
    expect(texts(joinTables.run(d, DEFAULT_CONFIG).pages[0]!.blocks[0])).toEqual([['Key', 'Value'], ['a', '1'], ['b', '2']]);
  });

  it("keeps the parts on their pages under tablesAcrossPages: 'keep'", () => {
    const d = doc(
      pg(1, [table(1, 500, 760, [['A', 'B'], ['1', '2']])]),
      pg(2, [table(2, 90, 200, [['A', 'B'], ['3', '4']])]),
    );
    const out = joinTables.run(d, { ...DEFAULT_CONFIG, tablesAcrossPages: 'keep' });
    expect(out.pages.map((p) => p.blocks.map(texts))).toEqual([[[['A', 'B'], ['1', '2']]], [[['A', 'B'], ['3', '4']]]]);
  });
});

describe('a table a column break cut after a row-group label (Writer, two layout columns)', () => {
  it('keeps the label as the first part\'s last row, and joins the parts under one header', () => {
    const from = STAGES.findIndex((s) => s.name === 'tables');
    const out = runStages(recordedPage('writer-table-across-columns-label-at-break.json'), STAGES.slice(from), DEFAULT_CONFIG);
    const found = out.pages[0]!.blocks.filter((b): b is TableBlock => b.kind === 'table');
    expect(found).toHaveLength(1);
    const stubs = found[0]!.rows.map((r) => spansText(r[0]?.spans ?? []));
    expect(stubs).toEqual(['', 'Over 65', 'Bulgaria', 'Germany', 'East', 'Italy', 'Slovenia', 'East', 'Private households', 'Transport', 'Austria']);
  });
});
