/**
 * Tables set side by side with no rules to tell them apart (issue 19, class
 * 4): read as one block of lines, their columns interleave and rows of one
 * table glue to rows of the other. The cells of one table's row share a
 * baseline; two tables side by side, with their own padding, row groups and
 * wrapped cells, do not keep step. A vertical gutter that no text crosses
 * over a band of lines, with the text on its two sides on different
 * baselines on most of those lines, is the edge between two tables: the
 * lines are cut there and each side is searched on its own. Of two such
 * gutters, the one whose sides each keep their cells on one baseline is the
 * edge: the other cuts a table's column off and hands it to its neighbour.
 */
import type { Line, TextRun } from '../model.ts';
import { lineChunks } from './chunks.ts';
import { columnsOf, endsApart } from './extent-split.ts';
import { MAX_BLANK_LINES, MIN_COLUMNS } from './measures.ts';

/** Baselines closer than this (ems) are one baseline: rounding of glyph boxes. */
const SAME_BASELINE_EM = 0.15;
/** Lines a band needs at least to judge by: a header and a few rows on each side. */
const MIN_BAND = 4;
/** Width (ems) a gap between chunks needs to be a candidate edge between tables, beyond a cell gap. */
const MIN_EDGE_GAP_EM = 1;

const height = (l: Line): number => Math.max(l.box.y1 - l.box.y0, 1);
/** A line's runs that show text, by left edge (ties in reading order): found once per line, not once per candidate edge. */
type Inked = readonly TextRun[];
const inkedByX = (l: Line): Inked => l.runs.filter((r) => r.text.trim() !== '').sort((p, q) => p.box.x0 - q.box.x0);
const crosses = (runs: Inked, x: number): boolean => runs.some((r) => r.box.x0 < x && r.box.x1 > x);

/** The lower edge of most of the runs: where their baseline sits, give or take the font's descent. */
function baseline(runs: readonly TextRun[]): number {
  const ys = runs.map((r) => r.box.y1).sort((a, b) => a - b);
  return ys[ys.length >> 1]!;
}

/** Whether a side's runs on one line sit on more than one baseline: a cut through one table's row, not between tables. */
function offBaseline(runs: readonly TextRun[], size: number): boolean {
  const ys = runs.map((r) => r.box.y1);
  return Math.max(...ys) - Math.min(...ys) > SAME_BASELINE_EM * size;
}

function em(lines: readonly Line[]): number {
  const sizes = lines.flatMap((l) => l.runs.map((r) => r.fontSize)).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] ?? 0;
}

/**
 * Each side's text in a band, and how the lines' two sides keep step: on a
 * line with text on both sides, same baseline or not; lines with text on one
 * side only count against keeping step when both sides have them (a wrapped
 * cell or a group label of one table leaves lines on its own side only).
 */
function stepCount(band: readonly Inked[], x: number, size: number): { agree: number; differ: number; mixed: number; left: number; right: number } {
  let agree = 0, differ = 0, mixed = 0, left = 0, right = 0, leftOnly = 0, rightOnly = 0;
  for (const runs of band) {
    const a = runs.filter((r) => r.box.x1 <= x);
    const b = runs.filter((r) => r.box.x0 >= x);
    // A side counts the lines on which it holds a table's row: cells in two columns or more.
    if (columnsOf(a, size) >= MIN_COLUMNS) left++;
    if (columnsOf(b, size) >= MIN_COLUMNS) right++;
    if (a.length && b.length) {
      if (Math.abs(baseline(a) - baseline(b)) <= SAME_BASELINE_EM * size) agree++;
      else differ++;
      if (offBaseline(a, size) || offBaseline(b, size)) mixed++;
    } else if (a.length) leftOnly++;
    else if (b.length) rightOnly++;
  }
  return { agree, differ: differ + Math.min(leftOnly, rightOnly), mixed, left, right };
}

/** Maximal bands of consecutive lines (sorted by y) that no text crosses at x, with no wide blank inside. */
function bands(sorted: readonly Line[], inked: readonly Inked[], x: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = 0;
  for (let i = 0; i <= sorted.length; i++) {
    const l = sorted[i];
    const crossed = l !== undefined && crosses(inked[i]!, x);
    const broken = !l || crossed || (i > from && l.box.y0 - sorted[i - 1]!.box.y1 > MAX_BLANK_LINES * height(l));
    if (!broken) continue;
    if (i - from >= MIN_BAND) out.push([from, i]);
    from = crossed ? i + 1 : i;
  }
  return out;
}

/** Candidate edges: the middles of wide gaps between the chunks of the lines. */
function candidates(lines: readonly Line[], size: number): number[] {
  const xs = new Set<number>();
  for (const l of lines) {
    const chunks = lineChunks(l);
    for (let k = 1; k < chunks.length; k++) {
      const gap = chunks[k]!.box.x0 - chunks[k - 1]!.box.x1;
      if (gap >= MIN_EDGE_GAP_EM * size) xs.add(Math.round((chunks[k]!.box.x0 + chunks[k - 1]!.box.x1) / 2));
    }
  }
  return [...xs].sort((a, b) => a - b);
}

/** The line's runs on one side of x, as a line of its own (the runs are kept, so the page can remove them). */
function side(line: Line, x: number, left: boolean): Line | null {
  const runs = line.runs.filter((r) => (r.box.x0 + r.box.x1) / 2 < x === left);
  if (!runs.some((r) => r.text.trim() !== '')) return null;
  return { runs, box: { x0: Math.min(...runs.map((r) => r.box.x0)), x1: Math.max(...runs.map((r) => r.box.x1)), y0: line.box.y0, y1: line.box.y1 } };
}

/** A gutter between two tables whose rows share baselines but end apart (extent-split.ts), over the first band that shows one. */
function extentCut(sorted: readonly Line[], inked: readonly Inked[], size: number): { x: number; from: number; to: number; share: number } | null {
  for (const x of candidates(sorted, size)) {
    for (const [from, to] of bands(sorted, inked, x)) {
      if (endsApart(inked.slice(from, to), x, size, MIN_BAND)) return { x, from, to, share: 0 };
    }
  }
  return null;
}

/**
 * The lines in groups to search for tables separately: cut at the gutter
 * where the two sides' baselines disagree on most lines of a band; one group
 * when no such gutter exists. See the module comment.
 */
export function baselineParts(lines: readonly Line[]): Line[][] {
  const sorted = [...lines].sort((a, b) => a.box.y0 - b.box.y0);
  const size = em(sorted);
  if (sorted.length < MIN_BAND || size <= 0) return [sorted];
  let best: { x: number; from: number; to: number; share: number } | null = null;
  const inked = sorted.map(inkedByX);
  for (const x of candidates(sorted, size)) {
    for (const [from, to] of bands(sorted, inked, x)) {
      const s = stepCount(inked.slice(from, to), x, size);
      // Each side holds a table's worth of rows (two columns or more: a stub column beside its values is one table),
      // and the sides keep step on fewer lines than they do not.
      if (s.left < MIN_BAND || s.right < MIN_BAND || s.differ <= s.agree) continue;
      // A cut that leaves a side's cells on two baselines runs through a table (its neighbour's column went with it).
      const share = (s.differ - s.mixed) / (s.agree + s.differ);
      if (!best || share > best.share) best = { x, from, to, share };
    }
  }
  best ??= extentCut(sorted, inked, size);
  if (!best) return [sorted];
  const band = sorted.slice(best.from, best.to);
  const left = band.map((l) => side(l, best.x, true)).filter((l): l is Line => l !== null);
  const right = band.map((l) => side(l, best.x, false)).filter((l): l is Line => l !== null);
  const rest = [...sorted.slice(0, best.from), ...sorted.slice(best.to)];
  return [...(rest.length ? baselineParts(rest) : []), ...baselineParts(left), ...baselineParts(right)];
}
