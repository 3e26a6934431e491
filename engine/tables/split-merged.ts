/**
 * Ruled frames often draw their inner vertical rules only in the header (or
 * not at all in the body): every body row then reads as one cell spanning
 * the table. The text says otherwise when it sits in separate pieces, each
 * inside one column of the frame: such a merged cell is split back into the
 * frame's columns. A real merged cell holds one piece of text (a group
 * header centred over its columns, a note running across them).
 */
import type { Line, TextRun } from '../model.ts';
import { CHUNK_GAP_EM, lineChunks, union, type Chunk } from './chunks.ts';
import type { GridCell, RuleGrid } from './rule-grid.ts';
import { cellRuns } from './grid-slots.ts';
import { MIN_COLUMNS, MIN_ROWS, SAME_LINE_EM } from './measures.ts';
import { maxOf, minOf } from '../numbers.ts';

/** Slack (points) allowed when a piece of text sits against a column boundary. */
const EDGE_SLACK_EM = 0.15;

/** Runs grouped into visual lines by vertical centre. */
function linesOf(runs: readonly TextRun[]): Line[] {
  const sorted = [...runs].sort((a, b) => (a.box.y0 + a.box.y1) - (b.box.y0 + b.box.y1));
  const out: TextRun[][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    const prev = last?.[last.length - 1];
    const mid = (r.box.y0 + r.box.y1) / 2;
    if (last && prev && Math.abs(mid - (prev.box.y0 + prev.box.y1) / 2) <= SAME_LINE_EM * Math.max(r.fontSize, 1)) last.push(r);
    else out.push([r]);
  }
  return out.map((rs) => ({ runs: rs, box: union(rs.map((r) => r.box)) }));
}

/** A cell's text as pieces (chunks) per visual line. */
function pieces(runs: readonly TextRun[]): Chunk[][] {
  return linesOf(runs).map((line) => lineChunks(line, CHUNK_GAP_EM));
}

/** The grid columns the cell's text pieces fall in, or null when a piece crosses a column boundary. */
function pieceColumns(grid: RuleGrid, cell: GridCell, runs: readonly TextRun[]): Set<number> | null {
  const slots = new Set<number>();
  for (const line of pieces(runs)) {
    for (const chunk of line) {
      let k = cell.c0;
      const slack = EDGE_SLACK_EM * chunk.runs[0]!.fontSize;
      while (k < cell.c1 && !(chunk.box.x0 >= grid.xs[k]! - slack && chunk.box.x1 <= grid.xs[k + 1]! + slack)) k++;
      if (k === cell.c1) return null;
      slots.add(k);
    }
  }
  return slots;
}

/** The grid's cells with column-merged cells split where their text sits in separate columns; see the module comment. */
export function splitMergedByText(grid: RuleGrid, runs: readonly TextRun[]): GridCell[] {
  const inCell = cellRuns(grid, runs);
  return grid.cells.flatMap((c) => {
    if (c.c1 - c.c0 < MIN_COLUMNS) return [c];
    const slots = pieceColumns(grid, c, inCell(c));
    if (!slots || slots.size < MIN_COLUMNS) return [c];
    return Array.from({ length: c.c1 - c.c0 }, (_, i) => ({ ...c, c0: c.c0 + i, c1: c.c0 + i + 1 }));
  });
}

/** Width (ems) of an empty strip inside a cell that counts as a column gutter; narrow justified cells leave narrower ones by chance. */
const MIN_GUTTER_EM = 1.2;
/** Points between the x positions scanned for such a strip. */
const SCAN_STEP = 0.5;

/**
 * Whether a cell's lines leave an empty vertical strip between pieces of
 * two or more of them: a column set by whitespace. Justified text leaves
 * wide word gaps too, but at other x on every line, so its lines cross each
 * other's gaps.
 */
function hasTextGutter(lines: readonly Chunk[][]): boolean {
  const split = lines.filter((l) => l.length >= MIN_COLUMNS);
  if (split.length < MIN_ROWS) return false;
  const chunks = lines.flat();
  const x0 = minOf(split.map((l) => l[0]!.box.x1));
  const x1 = maxOf(split.map((l) => l[l.length - 1]!.box.x0));
  const min = MIN_GUTTER_EM * maxOf(chunks.flatMap((c) => c.runs.map((r) => r.fontSize)));
  let run = 0;
  // Counted in loops, not with some() and filter(): this runs at every half point across the cell.
  for (let x = x0; x <= x1; x += SCAN_STEP) {
    run = isFree(chunks, x) && linesAcross(split, x) >= MIN_ROWS ? run + SCAN_STEP : 0;
    if (run >= min) return true;
  }
  return false;
}

/** Whether no chunk covers `x`. */
function isFree(chunks: readonly Chunk[], x: number): boolean {
  for (let i = 0; i < chunks.length; i++) {
    const b = chunks[i]!.box;
    if (b.x0 <= x && b.x1 >= x) return false;
  }
  return true;
}

/** How many of the lines have text on both sides of `x`. */
function linesAcross(lines: readonly Chunk[][], x: number): number {
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l[0]!.box.x0 < x && l[l.length - 1]!.box.x1 > x) n++;
  }
  return n;
}

/**
 * Whether the rules leave columns undrawn that the text shows: inside some
 * single-column grid cell, two or more lines fall apart into pieces at an x no line's
 * text crosses (columns set by whitespace inside a ruled band). Such a
 * frame is read from the text's alignment instead, its rules separating rows.
 */
export function underRuled(grid: RuleGrid, cells: readonly GridCell[], runs: readonly TextRun[]): boolean {
  // A merged cell may hold pieces over several drawn columns (a header); only single-column cells count.
  const inCell = cellRuns(grid, runs);
  // Rows of pieces (hasTextGutter) take a run per piece: fewer runs never show a gutter, and are not cut into pieces.
  return cells.some((c) => {
    if (c.c1 - c.c0 !== 1) return false;
    const inside = inCell(c);
    return inside.length >= MIN_ROWS * MIN_COLUMNS && hasTextGutter(pieces(inside));
  });
}
