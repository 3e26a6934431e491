import { describe, expect, it } from 'vitest';
import type { Block, Line, TreeCellAt } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, run, textLines } from '../../test/engine/build.ts';
import { spansText } from './cell-text.ts';
import { treeTables } from './tree-tables.ts';

type Table = Extract<Block, { kind: 'table' }>;

/** A cell's run at x on row y, in block `block`. */
const cell = (text: string, x: number, y: number, block: number) => run(text, x, y, { role: 'TD', structBlock: block });
const row = (...runs: ReturnType<typeof cell>[]): Line => line(runs, runs[0]!.box.x0, runs[0]!.box.y0);
const at = (block: number, r: number, o: Partial<TreeCellAt> = {}): TreeCellAt => ({ block, table: 0, row: r, header: false, rowSpan: 1, colSpan: 1, ...o });

/** Region | Sales (two columns) / North (two rows) Q1 10 / Q2 12, as a tree states it. */
const CELLS = [
  at(0, 0, { header: true }), at(1, 0, { header: true, colSpan: 2 }),
  at(2, 1, { rowSpan: 2 }), at(3, 1), at(4, 1),
  at(5, 2), at(6, 2),
];

function tablePage(xs: { q: number; n: number }) {
  const lines = [
    ...textLines(['Sales by region.'], 40, 80),
    row(cell('Region', 40, 100, 0), cell('Sales', 140, 100, 1)),
    row(cell('North', 40, 120, 2), cell('Q1', xs.q, 120, 3), cell('10', xs.n, 120, 4)),
    row(cell('Q2', xs.q, 140, 5), cell('12', xs.n, 140, 6)),
  ];
  return page(1, lines, { treeCells: CELLS });
}

const tablesOf = (p: { blocks: Block[] }) => p.blocks.filter((b): b is Table => b.kind === 'table');

describe('treeTables stage', () => {
  it('builds the grid the tree states, with header cells and spans, and takes its lines', () => {
    const out = treeTables.run(doc([tablePage({ q: 140, n: 200 })], [], true), DEFAULT_CONFIG).pages[0]!;
    const [t] = tablesOf(out);
    expect(t!.rows.map((r) => r.map((c) => spansText(c.spans)))).toEqual([['Region', 'Sales'], ['North', 'Q1', '10'], ['Q2', '12']]);
    expect(t!.rows[0]!.map((c) => [c.header, c.colspan])).toEqual([[true, undefined], [true, 2]]);
    expect(t!.rows[1]![0]!.rowspan).toBe(2);
    expect(out.lines.map((l) => l.runs.map((r) => r.text).join(' '))).toEqual(['Sales by region.']);
  });

  it('leaves a table to the layout when the page contradicts the tree (cells out of order)', () => {
    const contradicted = tablePage({ q: 200, n: 140 });
    const out = treeTables.run(doc([contradicted], [], true), DEFAULT_CONFIG).pages[0]!;
    expect(tablesOf(out)).toEqual([]);
    expect(out.lines).toBe(contradicted.lines);
  });

  it('leaves a table to the layout when its rows do not span the same columns', () => {
    const p = tablePage({ q: 140, n: 200 });
    const out = treeTables.run(doc([{ ...p, treeCells: CELLS.map((c) => (c.block === 2 ? { ...c, rowSpan: 1 } : c)) }], [], true), DEFAULT_CONFIG).pages[0]!;
    expect(tablesOf(out)).toEqual([]);
  });

  it('does nothing in a document whose tree was not trusted', () => {
    const p = tablePage({ q: 140, n: 200 });
    expect(treeTables.run(doc([p], [], false), DEFAULT_CONFIG).pages[0]).toBe(p);
  });

  describe('rows that leave out empty cells', () => {
    /** Name | Size | Note; the tree lists only the cells with text, as Chromium writes them. */
    const omitted = (noteX: number) => page(1, [
      row(cell('Name', 40, 100, 0), cell('Size', 140, 100, 1), cell('Note', 240, 100, 2)),
      row(cell('alpha', 40, 120, 3), cell('note', noteX, 120, 4)),
      row(cell('12', 140, 140, 5), cell('late', 240, 140, 6)),
    ], { treeCells: [at(0, 0), at(1, 0), at(2, 0), at(3, 1), at(4, 1), at(5, 2), at(6, 2)] });

    it('places each cell in the column its text sits in, the left-out cells empty', () => {
      const [t] = tablesOf(treeTables.run(doc([omitted(240)], [], true), DEFAULT_CONFIG).pages[0]!);
      expect(t!.rows.map((r) => r.map((c) => spansText(c.spans)))).toEqual([['Name', 'Size', 'Note'], ['alpha', '', 'note'], ['', '12', 'late']]);
    });

    it('leaves the table to the layout when two cells of a row fall in one column', () => {
      expect(tablesOf(treeTables.run(doc([omitted(60)], [], true), DEFAULT_CONFIG).pages[0]!)).toEqual([]);
    });
  });
});
