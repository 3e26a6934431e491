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
import { CHUNK_GAP_EM, lineChunks } from './chunks.ts';
import { columnsOf, endsApart, type Sides } from './extent-split.ts';
import { repeatsStub } from './repeated-stub.ts';
import { MAX_BLANK_LINES, MIN_COLUMNS } from './measures.ts';
import { magnitude, maxOf, minOf } from '../numbers.ts';
import { joinCutMarks } from './cut-marks.ts';

/** Baselines closer than this (ems) are one baseline: rounding of glyph boxes. */
const SAME_BASELINE_EM = 0.15;
/** Lines a band needs at least to judge by: a header and a few rows on each side. */
const MIN_BAND = 4;
/** Blank (line heights) over which a band grows to a line of one side: row groups set apart in small type. */
const MAX_RUN_ON_BLANK = 3.5;
/** Width (ems) a gap between chunks needs to be a candidate edge between tables, beyond a cell gap. */
const MIN_EDGE_GAP_EM = 1;

const height = (l: Line): number => Math.max(l.box.y1 - l.box.y0, 1);
/**
 * A line's runs that show text, by left edge (ties in reading order): found once per line, not once per candidate
 * edge. lineChunks keeps the same runs in the same order, cut into pieces, and has them at hand for candidates().
 */
type Inked = readonly TextRun[];
function inkedByX(l: Line): Inked {
  const chunks = lineChunks(l);
  if (chunks.length === 1) return chunks[0]!.runs; // most lines are one piece: its runs as they stand (read, never changed)
  const runs: TextRun[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const cr = chunks[i]!.runs;
    for (let j = 0; j < cr.length; j++) runs.push(cr[j]!);
  }
  return runs;
}

/** The lower edge of most of the runs: where their baseline sits, give or take the font's descent. */
function baseline(runs: readonly TextRun[]): number {
  const ys = runs.map((r) => r.box.y1).sort((a, b) => a - b);
  return ys[ys.length >> 1]!;
}

/** Whether a side's runs on one line sit on more than one baseline: a cut through one table's row, not between tables. */
function offBaseline(runs: readonly TextRun[], size: number): boolean {
  const ys = runs.map((r) => r.box.y1);
  return maxOf(ys) - minOf(ys) > SAME_BASELINE_EM * size;
}

function em(lines: readonly Line[]): number {
  // Filled and sorted as a typed array: no comparator call per pair, no array per line; the median is the same.
  let n = 0;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    n += l.runs.length;
  }
  const sizes = new Float64Array(n);
  n = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    for (let k = 0; k < l.runs.length; k++) {
      const r = l.runs[k]!;
      sizes[n++] = r.fontSize;
    }
  }
  sizes.sort();
  return sizes[sizes.length >> 1] ?? 0;
}

/** How one line's text falls on the two sides of a cut at x; see stepCount. */
type Step = { left: boolean; right: boolean; same: boolean; mixed: boolean };

/** A line's runs left (`a`) and right (`b`) of a cut, and its step. */
type Split = Sides & { step: Step };

/** The split of a line whose runs left and right of the cut are `a` and `b`. */
function splitOf(a: Inked, b: Inked, size: number): Split {
  const both = a.length > 0 && b.length > 0;
  const step = {
    // A side counts the lines on which it holds a table's row: cells in two columns or more.
    left: columnsOf(a, size) >= MIN_COLUMNS,
    right: columnsOf(b, size) >= MIN_COLUMNS,
    same: both && Math.abs(baseline(a) - baseline(b)) <= SAME_BASELINE_EM * size,
    mixed: both && (offBaseline(a, size) || offBaseline(b, size)),
  };
  return { a, b, step };
}

/** Number of values in ascending `xs` below x. */
function countBelow(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A line as every candidate edge sees it. baselineParts tries each edge over
 * every line; scanning the runs per edge and line made it the tables stage's
 * largest cost. With the left edges in order and the running maximum of the
 * right edges, whether x crosses the line is a binary search, and a line no
 * run crosses splits into the runs before x and the rest, remembered per
 * split point with its step: most edges fall in gaps already seen.
 */
class LineCuts {
  readonly x0s: number[];
  readonly reach: number[];
  readonly splits = new Map<number, Split>();
  readonly runs: Inked;
  constructor(runs: Inked) {
    this.runs = runs;
    this.x0s = runs.map((r) => r.box.x0);
    let max = -Infinity;
    this.reach = runs.map((r) => (max = Math.max(max, r.box.x1)));
  }

  /** Whether a run reaches across x (starts left of it and ends right of it). */
  crosses(x: number): boolean {
    const k = countBelow(this.x0s, x);
    return k > 0 && this.reach[k - 1]! > x;
  }

  /** The split of a line no run crosses at x: runs ending by x on the left, runs starting from x on the right. */
  split(x: number, size: number): Split {
    const k = countBelow(this.x0s, x);
    // A run starting exactly at x may also end there (an empty box) and belong to both sides: judged as it stands.
    if (k < this.runs.length && this.x0s[k] === x) {
      return splitOf(this.runs.filter((r) => r.box.x1 <= x), this.runs.filter((r) => r.box.x0 >= x), size);
    }
    let s = this.splits.get(k);
    if (!s) this.splits.set(k, (s = splitOf(this.runs.slice(0, k), this.runs.slice(k), size)));
    return s;
  }
}

type Counts = { agree: number; differ: number; mixed: number; left: number; right: number; both: number };

/**
 * Each side's text in a band, and how the lines' two sides keep step: on a
 * line with text on both sides, same baseline or not; lines with text on one
 * side only count against keeping step when both sides have them (a wrapped
 * cell or a group label of one table leaves lines on its own side only).
 */
function stepCount(cuts: readonly LineCuts[], from: number, to: number, x: number, size: number): Counts {
  let agree = 0, differ = 0, mixed = 0, left = 0, right = 0, leftOnly = 0, rightOnly = 0;
  for (let i = from; i < to; i++) {
    const { a, b, step: s } = cuts[i]!.split(x, size);
    if (s.left) left++;
    if (s.right) right++;
    if (a.length && b.length) {
      if (s.same) agree++;
      else differ++;
      if (s.mixed) mixed++;
    } else if (a.length) leftOnly++;
    else if (b.length) rightOnly++;
  }
  return { agree, differ: differ + Math.min(leftOnly, rightOnly), mixed, left, right, both: agree + differ };
}

/** Maximal bands of consecutive lines (sorted by y) that no text crosses at x, with no wide blank inside. */
function bands(sorted: readonly Line[], cuts: readonly LineCuts[], x: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = 0;
  for (let i = 0; i <= sorted.length; i++) {
    const l = sorted[i];
    const crossed = l !== undefined && cuts[i]!.crosses(x);
    const broken = !l || crossed || (i > from && l.box.y0 - sorted[i - 1]!.box.y1 > MAX_BLANK_LINES * height(l));
    if (!broken) continue;
    if (i - from >= MIN_BAND) out.push([from, i]);
    from = crossed ? i + 1 : i;
  }
  return out;
}

/**
 * The candidate edges (ascending) worth counting: stepCount's sides each need
 * a row, cells in two columns or more (columnsOf), on MIN_BAND lines. A
 * side's gap between two cells is a gap between neighbouring runs of its line
 * (the left side's runs start before the edge or at it, the right side's from
 * it on), so the left side holds a row only on lines with such a gap whose
 * right run starts no later than the edge, the right side only on lines with
 * one whose left run starts at the edge or after it. An edge with fewer such
 * lines than MIN_BAND on either side is passed over: no band at it counts.
 */
function reachable(xs: readonly number[], inked: readonly Inked[], size: number): number[] {
  const firsts: number[] = [];
  const lasts: number[] = [];
  for (let k = 0; k < inked.length; k++) {
    const runs = inked[k]!;
    let first = Infinity, last = -Infinity;
    for (let i = 1; i < runs.length; i++) {
      if (!(runs[i]!.box.x0 - runs[i - 1]!.box.x1 > CHUNK_GAP_EM * size)) continue; // the cell gap columnsOf counts
      first = Math.min(first, runs[i]!.box.x0);
      last = Math.max(last, runs[i - 1]!.box.x0);
    }
    if (Number.isNaN(first) || Number.isNaN(last)) return [...xs]; // no order to bound by: every edge is counted
    if (first < Infinity) firsts.push(first);
    if (last > -Infinity) lasts.push(last);
  }
  if (firsts.length < MIN_BAND) return [];
  // The MIN_BAND-th smallest first and largest last bound the edges: from there on MIN_BAND lines qualify.
  const lo = firsts.sort((a, b) => a - b)[MIN_BAND - 1]!;
  const hi = lasts.sort((a, b) => b - a)[MIN_BAND - 1]!;
  return xs.filter((x) => x >= lo && x <= hi);
}

/** Candidate edges: the middles of wide gaps between the chunks of the lines. */
function candidates(lines: readonly Line[], size: number): number[] {
  const xs = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const chunks = lineChunks(lines[i]!);
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
  return { runs, box: { x0: minOf(runs.map((r) => r.box.x0)), x1: maxOf(runs.map((r) => r.box.x1)), y0: line.box.y0, y1: line.box.y1 } };
}

/**
 * The band grown over the lines above and below it that hold text on one
 * side of the edge only, inside the extent that side's text has in the band,
 * at most MAX_RUN_ON_BLANK line heights apart: the rest of a table whose
 * neighbour has ended (a longer table set smaller, its row groups a blank
 * apart, which ended the band). Prose across the page, or starting at its
 * margin, stops it.
 */
function grown(sorted: readonly Line[], cuts: readonly LineCuts[], cut: { x: number; from: number; to: number }, size: number): { from: number; to: number } {
  const extent = (left: boolean): [number, number] => {
    let x0 = Infinity, x1 = -Infinity;
    for (let i = cut.from; i < cut.to; i++) {
      for (const r of sorted[i]!.runs) {
        if (r.text.trim() === '' || ((r.box.x0 + r.box.x1) / 2 < cut.x) !== left) continue;
        x0 = Math.min(x0, r.box.x0);
        x1 = Math.max(x1, r.box.x1);
      }
    }
    return [x0 - SAME_BASELINE_EM * size, x1 + SAME_BASELINE_EM * size];
  };
  const sides = [extent(true), extent(false)] as const;
  const joins = (i: number, near: Line): boolean => {
    const l = sorted[i]!;
    if (cuts[i]!.crosses(cut.x) || magnitude(gapBetween(l, near)) > MAX_RUN_ON_BLANK * height(l)) return false;
    // Wholly on one side (no run crosses the edge, but a line may still hold text on both sides).
    const side = l.box.x1 <= cut.x ? sides[0] : l.box.x0 >= cut.x ? sides[1] : null;
    return side !== null && l.box.x0 >= side[0] && l.box.x1 <= side[1];
  };
  let { from, to } = cut;
  while (from > 0 && joins(from - 1, sorted[from]!)) from--;
  while (to < sorted.length && joins(to, sorted[to - 1]!)) to++;
  return { from, to };
}

/** Blank between two lines, whichever is above. */
const gapBetween = (a: Line, b: Line): number => (a.box.y0 >= b.box.y1 ? a.box.y0 - b.box.y1 : b.box.y0 - a.box.y1);

/**
 * The lines in groups to search for tables separately: cut at the gutter
 * where the two sides' baselines disagree on most lines of a band; one group
 * when no such gutter exists. See the module comment.
 */
export function baselineParts(lines: readonly Line[]): Line[][] {
  const sorted = [...lines].sort((a, b) => a.box.y0 - b.box.y0);
  const size = em(sorted);
  if (sorted.length < MIN_BAND || size <= 0) return [sorted];
  type Cut = { x: number; from: number; to: number; share: number };
  let best: Cut | null = null;
  const inked = sorted.map(inkedByX);
  const xs = reachable(candidates(sorted, size), inked, size);
  if (!xs.length) return [sorted];
  const cuts = inked.map((runs) => new LineCuts(runs));
  // Bands where two tables may share baselines but end apart (extent-split.ts), in the order they are tried:
  // endsApart asks first for what stepCount counts, so only bands passing that are kept for it.
  const apart: Cut[] = [];
  for (const x of xs) {
    for (const [from, to] of bands(sorted, cuts, x)) {
      const s = stepCount(cuts, from, to, x, size);
      if (s.left >= MIN_BAND && s.right >= MIN_BAND && s.both > 0) apart.push({ x, from, to, share: 0 });
      // Each side holds a table's worth of rows (two columns or more: a stub column beside its values is one table),
      // and the sides keep step on fewer lines than they do not.
      if (s.left < MIN_BAND || s.right < MIN_BAND || s.differ <= s.agree) continue;
      // A cut that leaves a side's cells on two baselines runs through a table (its neighbour's column went with it).
      const share = (s.differ - s.mixed) / (s.agree + s.differ);
      if (!best || share > best.share) best = { x, from, to, share };
    }
  }
  // The first band, in the order above, that shows a gutter between tables whose rows share baselines but end apart.
  // Else the first whose sides each open with a stub of row labels, parted by the band's widest gutter (repeated-stub.ts).
  best ??= apart.find((c) => endsApart(cuts.slice(c.from, c.to).map((l) => l.split(c.x, size)), size, MIN_BAND)) ??
    apart.find((c) => repeatsStub(cuts.slice(c.from, c.to).map((l) => l.split(c.x, size)), size, MIN_BAND)) ?? null;
  if (!best) return [sorted];
  const { from, to } = grown(sorted, cuts, best, size);
  const band = sorted.slice(from, to);
  const left = joinCutMarks(band.map((l) => side(l, best.x, true)).filter((l): l is Line => l !== null));
  const right = joinCutMarks(band.map((l) => side(l, best.x, false)).filter((l): l is Line => l !== null));
  const rest = [...sorted.slice(0, from), ...sorted.slice(to)];
  return [...(rest.length ? baselineParts(rest) : []), ...baselineParts(left), ...baselineParts(right)];
}
