/**
 * Fully ruled tables: a connected frame of horizontal and vertical rules
 * gives the grid directly, including merged cells. Text is placed by the
 * centre of each run.
 */
import type { Words } from './broken-words.ts';
import type { Box, Cell, Line, Rule, TextRun } from '../model.ts';
import { flushLeftReadings } from './flush-left-cells.ts';
import { cellSpans } from './cell-text.ts';
import { widestRuleShare, ruleGrids, type RuleGrid } from './rule-grid.ts';
import { splitMergedByText, underRuled } from './split-merged.ts';
import { splitRowsByText } from './sub-rows.ts';
import { splitNumberedLines } from './numbered-lines.ts';
import { cutRunsAtRules } from './rule-cut-runs.ts';
import { splitRowMergedByText } from './row-merged.ts';
import { centreIn, emptyRow, markHeader, MIN_ROWS, type Detected } from './table-parts.ts';
import { MIN_COLUMNS } from './measures.ts';
import { ascending, slotOf } from './grid-slots.ts';

/** Share of a grid's cells that must hold text for it to be a table rather than a figure. */
const MIN_FILLED_SHARE = 0.3;
/** Share of a sparse grid's rows that must hold text for it to be a table. */
const MIN_TEXT_ROW_SHARE = 0.4;

/**
 * A chart's axes and gridlines make a grid too, with text in a few of its
 * cells (tick labels, a legend) on a few of its rows. A sparse table (votes
 * per candidate) leaves many cells empty too, but has text on most rows.
 */
function isFigure(rows: readonly Cell[][]): boolean {
  // Shares by area: a merged cell counts for every grid slot it covers.
  const area = (c: Cell): number => (c.colspan ?? 1) * (c.rowspan ?? 1);
  const cells = rows.flat();
  const filled = cells.filter((c) => !emptyRow([c])).reduce((s, c) => s + area(c), 0);
  const total = cells.reduce((s, c) => s + area(c), 0);
  const textRows = rows.filter((row) => !emptyRow(row)).length;
  return filled < MIN_FILLED_SHARE * total && textRows < MIN_TEXT_ROW_SHARE * rows.length;
}

/** Share of the frame's width some rule of a table spans at least (an open corner over the stub head may leave a gap). */
const MIN_RULE_SHARE = 0.8;

/** Cell rows from a grid and the runs inside its frame. */
function gridRows(grid: RuleGrid, runs: readonly TextRun[], words?: Words): { rows: Cell[][]; used: Set<TextRun> } {
  // Slots and their owners by number (row × columns + column), not by a string per slot and run.
  const cols = grid.xs.length - 1;
  const byCell = new Map<number, TextRun[]>();
  const used = new Set<TextRun>();
  const owner = new Map<number, number>();
  for (const c of grid.cells) {
    for (let r = c.r0; r < c.r1; r++) for (let k = c.c0; k < c.c1; k++) owner.set(r * cols + k, c.r0 * cols + c.c0);
  }
  // A slot's boundaries ascend as read, so the binary search finds the interval the scan from the left did.
  const slot = ascending(grid.xs) && ascending(grid.ys) ? slotOf : scanSlot;
  // Each grid column's right text edge, where a word broken across a cell's lines stops.
  const rights = grid.xs.map(() => -Infinity);
  for (const run of runs) {
    const r = slot(grid.ys, (run.box.y0 + run.box.y1) / 2);
    const k = slot(grid.xs, (run.box.x0 + run.box.x1) / 2);
    // Both found or the run is in no slot (a key of -1 names none: a cell's slots have r, k >= 0).
    const key = r < 0 || k < 0 ? undefined : owner.get(r * cols + k);
    if (key === undefined) continue;
    const list = byCell.get(key);
    if (list) list.push(run);
    else byCell.set(key, [run]);
    rights[k] = Math.max(rights[k]!, run.box.x1);
    used.add(run);
  }
  const rows: Cell[][] = Array.from({ length: grid.ys.length - 1 }, () => []);
  // Right-to-left text in a column set flush left is read left to right (flush-left-cells.ts).
  const single = grid.cells.filter((c) => c.c1 - c.c0 === 1);
  const ltr = flushLeftReadings(grid.xs.slice(1).map((_, k) => single.filter((c) => c.c0 === k).map((c) => byCell.get(c.r0 * cols + c.c0) ?? [])));
  for (const c of grid.cells) {
    const ctx = words && { words, right: rights[c.c1 - 1]! };
    const runsIn = byCell.get(c.r0 * cols + c.c0) ?? [];
    const cell: Cell = { spans: cellSpans(ltr.size ? runsIn.map((r) => ltr.get(r) ?? r) : runsIn, ctx) };
    if (c.c1 - c.c0 > 1) cell.colspan = c.c1 - c.c0;
    if (c.r1 - c.r0 > 1) cell.rowspan = c.r1 - c.r0;
    rows[c.r0]!.push(cell);
  }
  return { rows, used };
}

/** Index of the interval of `bounds` that holds `v`, or -1, scanning from the left. */
function scanSlot(bounds: readonly number[], v: number): number {
  for (let i = 0; i + 1 < bounds.length; i++) if (v >= bounds[i]! && v < bounds[i + 1]!) return i;
  return -1;
}

/** Drops rows with no text, unless a cell spans into or out of them (spans would break). */
function dropEmptyRows(rows: Cell[][]): Cell[][] {
  const spanning = rows.some((row) => row.some((c) => (c.rowspan ?? 1) > 1));
  return spanning ? rows : rows.filter((row) => row.length > 0 && !emptyRow(row));
}

/** Ruled tables found on a page, and the boxes of grids that are figures (a chart's axes and gridlines). */
export type RuledFound = { tables: Detected[]; figures: Box[] };

/**
 * Finds ruled tables on a page. A frame qualifies when its grid has at least
 * two columns and two rows holding text, and text in a good share of its
 * cells; boxes around code or quotes do not, and mostly empty grids are
 * figures.
 */
export function detectRuledTables(pageNumber: number, rules: readonly Rule[], lines: readonly Line[], words?: Words): RuledFound {
  const out: Detected[] = [];
  const figures: Box[] = [];
  // The page's text, gathered only once a frame reads as a grid: most pages draw none.
  let runs: TextRun[] | null = null;
  const grids = ruleGrids(rules);
  for (let g = 0; g < grids.length; g++) {
    const drawn = grids[g]!.grid;
    if (!drawn) continue;
    runs ??= lines.flatMap((l) => l.runs).filter((r) => r.text.trim() !== '');
    const cut = cutRunsAtRules(drawn, runs.filter((r) => centreIn(r.box, drawn.box)));
    const inside = cut.runs;
    const columns = { ...drawn, cells: splitRowMergedByText(drawn, splitMergedByText(drawn, inside), inside) };
    if (underRuled(columns, columns.cells, inside)) continue;
    const banded = splitRowsByText(columns, columns.cells, inside);
    const grid = splitNumberedLines(banded, banded.cells, inside);
    const { rows, used } = gridRows(grid, inside, words);
    const kept = dropEmptyRows(rows);
    const filledCols = new Set(grid.cells.filter((c) => (c.c1 - c.c0) === 1).map((c) => c.c0)).size;
    if (kept.length < MIN_ROWS || filledCols < MIN_COLUMNS) continue;
    // A frame where every row is one merged cell is a box, not a table.
    if (kept.every((row) => row.length < MIN_COLUMNS)) continue;
    if (isFigure(kept) || widestRuleShare(grid) < MIN_RULE_SHARE) {
      figures.push(grid.box);
      continue;
    }
    // Drawn grids mark no header visually; the first row heads the columns by convention.
    markHeader(kept, true);
    const taken = new Set([...used].map((r) => cut.origin.get(r) ?? r));
    out.push({ block: { kind: 'table', rows: kept, prov: { page: pageNumber, box: grid.box } }, runs: taken });
  }
  return { tables: out, figures };
}
