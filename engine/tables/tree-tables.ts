/**
 * Stage `treeTables`: in a tagged PDF whose tree was trusted, each Table of
 * the page's structure tree gives the table's grid (rows from TR, cells from
 * TD and TH in tree order, header cells, RowSpan and ColSpan), when the page
 * agrees: rows stack downwards, cells run left to right within their row,
 * and every row spans the same number of columns. A table the page
 * contradicts is left to the layout detectors (tables.ts), which run next on
 * the lines this stage did not take.
 */
import type { Cell, Page, TextRun, TreeCellAt } from '../model.ts';
import type { Stage } from '../stage.ts';
import { unionBox } from '../geometry.ts';
import { cellSpans } from './cell-text.ts';
import { MIN_ROWS, removeRuns, type Detected } from './table-parts.ts';
import { documentWords, type Words } from './broken-words.ts';
import { placeOmitted } from './omitted-cells.ts';
import { MIN_COLUMNS, OVERLAP_EM } from './measures.ts';

type TreeRow = { index: number; cells: TreeCellAt[] };

/**
 * Each row's column count once cells spanning rows from above take their
 * places, and each cell's first column; null if a span leaves the rows.
 */
function placeCells(rows: readonly TreeRow[]): { widths: number[]; column: Map<number, number> } | null {
  const taken = new Map<number, Set<number>>(); // row position → columns taken from above
  const widths: number[] = [];
  const column = new Map<number, number>();
  for (const [i, row] of rows.entries()) {
    const above = taken.get(i) ?? new Set<number>();
    let col = 0;
    for (const c of row.cells) {
      while (above.has(col)) col++;
      column.set(c.block, col);
      for (let k = 1; k < c.rowSpan; k++) {
        // A cell spanning into a row that is not on this page (or not in the tree) cannot be placed.
        if (rows[i + k]?.index !== row.index + k) return null;
        const below = taken.get(i + k) ?? new Set<number>();
        for (let j = 0; j < c.colSpan; j++) below.add(col + j);
        taken.set(i + k, below);
      }
      col += c.colSpan;
    }
    widths.push(Math.max(col, above.size ? Math.max(...above) + 1 : 0));
  }
  return { widths, column };
}

/** The right text edge of each column, from the cells that span one column (broken-words.ts judges line breaks by it). */
function columnRights(rows: readonly TreeRow[], column: ReadonlyMap<number, number>, runsOf: ReadonlyMap<number, TextRun[]>): Map<number, number> {
  const rights = new Map<number, number>();
  for (const c of rows.flatMap((r) => r.cells)) {
    const runs = runsOf.get(c.block);
    if (c.colSpan !== 1 || !runs?.length) continue;
    const col = column.get(c.block)!;
    rights.set(col, runs.reduce((m, r) => Math.max(m, r.box.x1), rights.get(col) ?? -Infinity));
  }
  return rights;
}

/** The box of some runs, and their em. */
function extent(runs: readonly TextRun[]) {
  return { box: unionBox(runs.map((r) => r.box)), em: runs.reduce((m, r) => Math.max(m, r.fontSize), 0) };
}

/** Whether the page shows these rows as the tree states them. */
function pageAgrees(rows: readonly TreeRow[], runsOf: ReadonlyMap<number, TextRun[]>): boolean {
  let above: { y1: number } | null = null;
  for (const row of rows) {
    let left: { x1: number } | null = null;
    const single: TextRun[] = [];
    for (const c of row.cells) {
      const runs = runsOf.get(c.block);
      if (!runs?.length) continue;
      const { box, em } = extent(runs);
      if (left && box.x0 < left.x1 - OVERLAP_EM * em) return false;
      left = box;
      if (c.rowSpan === 1) single.push(...runs);
    }
    if (!single.length) continue;
    const { box, em } = extent(single);
    if (above && box.y0 < above.y1 - OVERLAP_EM * em) return false;
    above = box;
  }
  return true;
}

/** One tree table as a detected table, or null when it is too small or the page contradicts it. */
function treeTable(cells: readonly TreeCellAt[], runsOf: ReadonlyMap<number, TextRun[]>, page: number, words: Words): Detected | null {
  const byRow = new Map<number, TreeCellAt[]>();
  for (const c of cells) {
    const list = byRow.get(c.row);
    if (list) list.push(c);
    else byRow.set(c.row, [c]);
  }
  // Rows of the table drawn on other pages hold no text here.
  const rows = [...byRow].sort((a, b) => a[0] - b[0])
    .map(([index, cs]) => ({ index, cells: cs.sort((a, b) => a.block - b.block) }))
    .filter((r) => r.cells.some((c) => runsOf.get(c.block)?.length));
  if (rows.length < MIN_ROWS) return null;
  const placed = placeCells(rows);
  if (!placed) return null;
  const width = placed.widths.reduce((m, w) => Math.max(m, w), 0);
  // Rows short of cells may have left out empty ones (omitted-cells.ts).
  const column = placed.widths.every((w) => w === width) ? placed.column : placeOmitted(rows, width, runsOf);
  if (width < MIN_COLUMNS || !column) return null;
  if (!pageAgrees(rows, runsOf)) return null;
  const all = rows.flatMap((r) => r.cells.flatMap((c) => runsOf.get(c.block) ?? []));
  if (all.some((r) => r.dir !== 'ltr')) return null;
  const rights = columnRights(rows, column, runsOf);
  const ctx = (c: TreeCellAt) => {
    const right = rights.get(column.get(c.block)! + c.colSpan - 1);
    return right === undefined ? undefined : { words, right };
  };
  const cell = (c: TreeCellAt): Cell => ({
    spans: cellSpans(runsOf.get(c.block) ?? [], ctx(c)),
    ...(c.header ? { header: true } : {}), ...(c.colSpan > 1 ? { colspan: c.colSpan } : {}), ...(c.rowSpan > 1 ? { rowspan: c.rowSpan } : {}),
  });
  const grid: Cell[][] = rows.map((r) => {
    if (placed.widths.every((w) => w === width)) return r.cells.map(cell);
    // Without spans, every row lays out `width` cells; those the tree left out are empty.
    const out: Cell[] = Array.from({ length: width }, () => ({ spans: [] }));
    for (const c of r.cells) out[column.get(c.block)!] = cell(c);
    return out;
  });
  return { block: { kind: 'table', rows: grid, prov: { page, box: extent(all).box } }, runs: new Set(all) };
}

function tablesOnPage(page: Page, words: Words): Page {
  if (!page.treeCells?.length) return page;
  const cellAt = new Map(page.treeCells.map((c) => [c.block, c]));
  const runsOf = new Map<number, TextRun[]>();
  for (const line of page.lines) {
    for (const r of line.runs) {
      if (r.structBlock === undefined || !cellAt.has(r.structBlock)) continue;
      const list = runsOf.get(r.structBlock);
      if (list) list.push(r);
      else runsOf.set(r.structBlock, [r]);
    }
  }
  const byTable = new Map<number, TreeCellAt[]>();
  for (const c of page.treeCells) {
    const list = byTable.get(c.table);
    if (list) list.push(c);
    else byTable.set(c.table, [c]);
  }
  const found = [...byTable.values()].map((cells) => treeTable(cells, runsOf, page.number, words)).filter((t): t is Detected => t !== null);
  if (!found.length) return page;
  let lines = page.lines;
  for (const t of found) lines = removeRuns(lines, t.runs);
  return { ...page, lines, blocks: [...page.blocks, ...found.map((t) => t.block)] };
}

/** Tables from the structure tree where the page agrees; see the module comment. Pure: returns a new Doc. */
export const treeTables: Stage = {
  name: 'treeTables',
  run(doc) {
    if (!doc.signals.tagged) return doc;
    // Words broken in narrow cells are mended from the words the document spells out elsewhere.
    const words = documentWords(() => doc.pages.flatMap((p) => p.runs.map((r) => r.text)));
    return { ...doc, pages: doc.pages.map((p) => tablesOnPage(p, words)) };
  },
};
