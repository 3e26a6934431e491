/**
 * Ruled bands that hold several records with no rule between them (a box or
 * a header rule over an unruled body, a group of numbered items in a ruled
 * list): the grid gives one row for the band, each cell holding a whole
 * column. A column whose lines in the band are each a number, three or more,
 * each on the baseline of a line of another cell, says where the records
 * are: the band is cut above each number's line, and above the first when
 * text stands over it (a group's heading, a row of its own). A cell that
 * wraps beside one-line neighbours leaves no such column, nor do a header's
 * wrapped labels: their lines are words.
 */
import type { TextRun } from '../model.ts';
import type { GridCell, RuleGrid } from './rule-grid.ts';
import { rowRuns, slotOf } from './grid-slots.ts';
import { NUMBER } from './rows.ts';
import { SAME_LINE_EM } from './measures.ts';
import { cutGridRows } from './sub-rows.ts';

/** Lines of numbers a column must hold in one band to number its records; two are as often a header's wrapped label. */
const MIN_NUMBERED = 3;
/** Baselines agree when they differ by less than this share of an em. */
const BASELINE_EM = 0.3;
/** Runs smaller than this share of the band's text size are raised or lowered marks: they start no line. */
const SCRIPT_SHARE = 0.85;

/** A visual line of the band: its runs (left to right) and its baseline (the bottom of its boxes). */
type BandLine = { runs: TextRun[]; base: number; top: number; bottom: number };

const midX = (r: TextRun): number => (r.box.x0 + r.box.x1) / 2;

/** Runs grouped by baseline, top to bottom; marks smaller than the text left out. */
function bandLines(runs: readonly TextRun[]): BandLine[] {
  const size = Math.max(0, ...runs.map((r) => r.fontSize));
  const text = runs.filter((r) => r.fontSize >= SCRIPT_SHARE * size && r.text.trim() !== '').sort((a, b) => a.box.y1 - b.box.y1);
  const lines: BandLine[] = [];
  for (const r of text) {
    const last = lines[lines.length - 1];
    if (last && r.box.y1 - last.base < SAME_LINE_EM * r.fontSize) {
      last.runs.push(r);
      last.top = Math.min(last.top, r.box.y0);
      last.bottom = Math.max(last.bottom, r.box.y1);
    } else lines.push({ runs: [r], base: r.box.y1, top: r.box.y0, bottom: r.box.y1 });
  }
  for (const l of lines) l.runs.sort((a, b) => a.box.x0 - b.box.x0);
  return lines;
}

/**
 * Indexes of the band's lines that a column of numbers opens: in one
 * cell, every line's text there is a number, there are MIN_NUMBERED or
 * more, and each such line has text in another cell on its baseline.
 */
function numberedLines(lines: readonly BandLine[], xs: readonly number[], cells: readonly GridCell[]): number[] {
  for (const cell of cells) {
    // Text beside a number counts only in another cell: a note's mark and its words in one merged cell are one note.
    const inCol = (r: TextRun): boolean => {
      const k = slotOf(xs, midX(r));
      return k >= cell.c0 && k < cell.c1;
    };
    const own = lines.map((l, i) => ({ i, runs: l.runs.filter(inCol), line: l })).filter((x) => x.runs.length > 0);
    if (own.length < MIN_NUMBERED) continue;
    const numbers = own.every(({ runs }) => NUMBER.test(runs.map((r) => r.text).join('').replace(/\s+/g, '')));
    // Beside each number, text of another column on its baseline (within the line grouping's share of an em).
    const paired = own.every(({ runs, line }) => line.runs.some((o) => !inCol(o)
      && Math.abs(o.box.y1 - runs[0]!.box.y1) < BASELINE_EM * runs[0]!.fontSize));
    if (numbers && paired) return own.map((x) => x.i);
  }
  return [];
}

/** Where to cut one band: halfway between each numbered line and the line above it. */
function cutsInBand(runs: readonly TextRun[], xs: readonly number[], cells: readonly GridCell[]): number[] {
  const lines = bandLines(runs);
  return numberedLines(lines, xs, cells).filter((i) => i > 0).map((i) => (lines[i - 1]!.bottom + lines[i]!.top) / 2);
}

/** The grid with bands cut at their numbered lines; see the module comment. Cells merged across rows keep them. */
export function splitNumberedLines(grid: RuleGrid, cells: readonly GridCell[], runs: readonly TextRun[]): RuleGrid {
  const byRow = rowRuns(grid.ys, runs);
  const cutsByRow = byRow.map((inRow, r) => {
    const covering = cells.filter((c) => c.r0 <= r && c.r1 > r);
    const own = covering.every((c) => c.r0 === r && c.r1 === r + 1);
    return own && inRow.length ? cutsInBand(inRow, grid.xs, covering) : [];
  });
  return cutGridRows(grid, cells, cutsByRow);
}
