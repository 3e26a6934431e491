/**
 * Column structure of a whitespace-aligned table region: columns are the
 * x-intervals covered by text with empty gutters between them.
 */
import type { Box } from '../model.ts';
import { midX, NUMERIC, type Chunk } from './chunks.ts';
import { HALF, MIN_ROWS } from './measures.ts';
import { greatest, least, magnitude, maxOf, minOf } from '../numbers.ts';

/** A column as an x-interval. */
export type Column = { x0: number; x1: number };

/** Share of a region's lines that may overflow a gutter (LaTeX lets a long word run past its column). */
const OVERFLOW_SHARE = 0.15;
/** Points after a gap's right end within which a chunk starts a cell right after it (in points: the region has no one size). */
const STARTS_AFTER_PT = 3;
/** Narrowest gap (points) that is a gutter although a few overflowing chunks cross it. */
const MIN_CROSSED_GUTTER_PT = 2;

/**
 * Columns from the chunks of a region's multi-chunk lines. A gutter is an
 * x-interval crossed by no chunk, or by only a few when the region is tall:
 * LaTeX lets a long word overflow its column, which would otherwise glue two
 * columns together.
 */
export function findColumns(chunks: readonly Chunk[], lineCount: number): Column[] {
  if (!chunks.length) return [];
  const allowed = Math.floor(lineCount * OVERFLOW_SHARE);
  // Sorted left and right edges answer "how many chunks cross x" and "how many start near x" by binary search:
  // a region of N chunks has about 2N gaps, and bestSplit asks for columns once per candidate split.
  // Filled by plain loops and sorted as typed arrays: Float64Array.from with a mapping function, a Set and a
  // comparator sort made these few lines most of the aligned search's cost.
  const n = chunks.length;
  const starts = new Float64Array(n);
  const lefts = new Float64Array(n);
  const rights = new Float64Array(n);
  const all = new Float64Array(n + n); // left edges, then right edges
  let spans = 0;
  chunks.forEach((c, i) => {
    starts[i] = all[i] = c.box.x0;
    all[n + i] = c.box.x1;
    if (!(c.box.x0 <= c.box.x1)) return; // an inverted box crosses nothing
    lefts[spans] = c.box.x0;
    rights[spans++] = c.box.x1;
  });
  starts.sort();
  lefts.subarray(0, spans).sort();
  rights.subarray(0, spans).sort();
  all.sort();
  // Every distinct edge, ascending.
  const edges: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const x = all[i]!;
    if (edges.length === 0 || edges[edges.length - 1] !== x) edges.push(x);
  }
  const numbers = lazyNumbers(chunks);
  const cols: Column[] = [];
  let cur: Column | null = null;
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i]!;
    const b = edges[i + 1]!;
    const m = (a + b) / 2;
    // Chunks with x0 <= m <= x1: those starting at or before m, less those ending before it.
    const count = countAtMost(lefts, m, spans) - countBelow(rights, m, spans);
    // An overflowing chunk or two may cross a gutter, but only one that cells start right after.
    // Where most lines start a cell at one x, more may overflow: a column of long unbreakable names.
    const starters = countAtMost(starts, b + STARTS_AFTER_PT) - countBelow(starts, b - 1); // from a point before the gap's end
    const aligned = starters >= greatest(3, HALF * lineCount) && count < starters; // three lines at least
    // A chunk crossing the gap that ends where a chunk after it ends is a cell of a right-aligned column, not an overflow.
    const gutter = count === 0 || (b - a >= MIN_CROSSED_GUTTER_PT && ((count <= allowed && starters >= MIN_ROWS) || aligned) && !rightAlignedAcross(numbers(), m, b));
    if (!gutter) {
      if (cur && cur.x1 >= a - 1) cur.x1 = b;
      else cols.push((cur = { x0: a, x1: b }));
    }
  }
  // A column no chunk belongs to is an artefact of the tolerance above.
  const used = new Set(chunks.map((c) => columnOf(cols, c)));
  return mergeUnused(cols, used);
}

/** Number of values among the first `n` (all by default) of sorted `xs` that are < x. */
function countBelow(xs: Float64Array, x: number, n = xs.length): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Number of values among the first `n` (all by default) of sorted `xs` that are <= x. */
function countAtMost(xs: Float64Array, x: number, n = xs.length): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The chunks that read as numbers, found once and only if asked. */
function lazyNumbers(chunks: readonly Chunk[]): () => readonly Chunk[] {
  let numbers: Chunk[] | null = null;
  return () => (numbers ??= chunks.filter((c) => NUMERIC.test(c.runs.map((r) => r.text).join('').trim())));
}

/** Right edges of one column's cells agree within this many ems (rounding of glyph advances). */
const RIGHT_EDGE_EM = 0.05;

/**
 * Whether one of `numbers` crossing x = `m` ends where one starting at or after
 * `b` (and overlapping it) ends: long and short numbers of one right-aligned
 * column. The gap between the short numbers' starts and the long ones' is
 * no gutter. (A label run into its value, or a header over several columns,
 * is no number.)
 */
function rightAlignedAcross(numbers: readonly Chunk[], m: number, b: number): boolean {
  const after = numbers.filter((c) => c.box.x0 >= b - 1);
  return numbers.some((c) => c.box.x0 < m && c.box.x1 > m
    && after.some((d) => d.box.x0 < c.box.x1 && magnitude(d.box.x1 - c.box.x1) <= RIGHT_EDGE_EM * Math.max(1, ...c.runs.map((r) => r.fontSize))));
}

function mergeUnused(cols: Column[], used: ReadonlySet<number>): Column[] {
  const out: Column[] = [];
  // An unused column before any used one widens the first used column leftwards.
  let pending: number | null = null;
  cols.forEach((c, i) => {
    const last = out[out.length - 1];
    if (!used.has(i) && last) last.x1 = c.x1;
    else if (!used.has(i)) pending ??= c.x0;
    else {
      out.push({ ...c, x0: pending ?? c.x0 });
      pending = null;
    }
  });
  return out;
}

/** Index of the column a box belongs to (largest overlap, else nearest centre). */
export function columnOf(cols: readonly Column[], c: { box: Box }): number {
  let best = 0;
  let bestScore = -Infinity;
  // A loop, not forEach with a closure: asked for every chunk of every candidate table.
  for (let i = 0; i < cols.length; i++) {
    const col = cols[i]!;
    const overlap = least(col.x1, c.box.x1) - greatest(col.x0, c.box.x0);
    const score = overlap > 0 ? overlap : -magnitude(midX(c.box) - (col.x0 + col.x1) / 2);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

/** Points into the next column (or half its width, if less) past which a chunk straddles; 4 ems of the chunk instead changes realworld output. */
const STRADDLE_PT = 40;

/**
 * Whether a chunk reaches across a gutter well into the next column (a
 * caption or prose, not a cell). Slight overflow past a gutter is a long word
 * in a cell, not a straddle.
 */
export function straddles(cols: readonly Column[], c: Chunk): boolean {
  return cols.slice(1).some((col, i) => c.box.x0 < cols[i]!.x1
    && c.box.x1 - col.x0 > least(STRADDLE_PT, HALF * (col.x1 - col.x0)));
}

/** A visual line of the region: its chunks and vertical extent. */
export type RegionLine = { chunks: Chunk[]; y0: number; y1: number };

/** Header lines a column may hold alone and still be the header of the body column beside it. */
const MAX_HEAD_LINES = 3;

/**
 * Columns joined where a header sits beside, not over, its values: a head
 * set flush left over numbers set flush right leaves a gutter between them
 * that no line crosses. Two neighbouring columns are one when no line uses
 * both, one of them holds only the region's first lines (at most
 * MAX_HEAD_LINES), and the other only lines below those. A head column
 * between two columns of values joins the one on its right when that one
 * holds figures, else the one on its left.
 */
export function joinHeadColumns(cols: readonly Column[], lines: readonly RegionLine[]): Column[] {
  // Each chunk's column once, not once per column.
  const usedBy = lines.map((l) => new Set(l.chunks.map((c) => columnOf(cols, c))));
  const users = cols.map((_, k) => usedBy.flatMap((set, i) => (set.has(k) ? [i] : [])));
  // Whether most of a column's pieces are figures.
  const figures = (k: number): boolean => {
    let n = 0, numbers = 0;
    for (const l of lines) {
      for (const c of l.chunks) {
        if (columnOf(cols, c) !== k) continue;
        n++;
        if (NUMERIC.test(c.runs.map((r) => r.text).join('').trim())) numbers++;
      }
    }
    return n > 0 && numbers >= HALF * n;
  };
  const heads = (a: number[], b: number[]): boolean => a.length > 0 && b.length > 0 && a.length <= MAX_HEAD_LINES
    && maxOf(a) < minOf(b);
  const out: Column[] = [];
  for (let k = 0; k < cols.length; k++) {
    const next = users[k + 1];
    // A head between two columns of values whose right one holds figures is that one's: a label set flush left
    // over figures set flush right (`Total` over `8.36`, beside the stub's `Retail trade`). Over text, a head
    // between two columns is centred over both (`D1` over `1st alternative  2nd alternative`) and goes first.
    const rightOwns = next !== undefined && k + 2 < cols.length && heads(next, users[k + 2]!) && figures(k + 2);
    if (next && (heads(users[k]!, next) || (heads(next, users[k]!) && !rightOwns))) {
      out.push({ x0: cols[k]!.x0, x1: cols[k + 1]!.x1 });
      k++;
    } else out.push(cols[k]!);
  }
  return out;
}
