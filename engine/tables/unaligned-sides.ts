/**
 * Rows come from baselines that align across columns. Two tables set side
 * by side without rules read as one region whose columns run on; but each
 * table spaces its rows its own way, so the baselines of the columns on one
 * side of some gutter mostly miss those on the other side. Within one table
 * every row sets its cells on one baseline (a wrapped cell adds lines on one
 * side only, and is not counted: it has a single piece there).
 */
import type { Chunk } from './chunks.ts';
import { columnOf, type Column, type RegionLine } from './columns.ts';
import { MIN_ROWS } from './table-parts.ts';
import { MIN_COLUMNS } from './measures.ts';
import { maxOf, minOf } from '../numbers.ts';

/** Distance (share of a text line's height) within which two pieces sit on one baseline. */
const BASELINE_SHARE = 0.25;
/** Share of a side's rows that must miss the other side's baselines (text beside them, off their baseline) to cut there. */
const MIN_MISSED_SHARE = 0.5;
/** Rows a side needs (lines with two pieces or more on it) before its baselines are judged. */
const MIN_SIDE_ROWS = 3;

type SideLine = RegionLine & { kind: string };

const within = (cols: readonly Column[], lo: number, hi: number) => (c: Chunk): boolean => {
  const k = columnOf(cols, c);
  return k >= lo && k <= hi;
};

/** Baselines of the lines that set two pieces or more within the columns [lo, hi]. */
function rowBaselines(lines: readonly RegionLine[], cols: readonly Column[], lo: number, hi: number): { y: number; h: number }[] {
  return lines.flatMap((l) => {
    const mine = l.chunks.filter(within(cols, lo, hi));
    return mine.length >= MIN_ROWS ? [{ y: maxOf(mine.map((c) => c.box.y1)), h: l.y1 - l.y0 }] : [];
  });
}

/**
 * Share of `rows` that have text beside them in the columns [lo, hi] within
 * a line's height, none of it on their baseline. Rows with nothing beside
 * them (a sparse column, the end of a shorter table) do not count.
 */
function missedShare(rows: readonly { y: number; h: number }[], lines: readonly RegionLine[], cols: readonly Column[], lo: number, hi: number): number {
  const ys = lines.flatMap((l) => l.chunks.filter(within(cols, lo, hi)).map((c) => c.box.y1));
  let meets = 0;
  let misses = 0;
  for (const r of rows) {
    const near = ys.filter((y) => Math.abs(y - r.y) <= r.h);
    if (near.some((y) => Math.abs(y - r.y) <= BASELINE_SHARE * r.h)) meets++;
    else if (near.length) misses++;
  }
  return meets + misses ? misses / (meets + misses) : 0;
}

/** The line's pieces on one side of x, as a line of its own; null when none. */
function sideOf<L extends SideLine>(line: L, keep: (c: Chunk) => boolean): L | null {
  const chunks = line.chunks.filter(keep);
  if (!chunks.length) return null;
  const kind = chunks.length >= MIN_COLUMNS ? line.kind : 'single';
  return { ...line, chunks, kind, y0: minOf(chunks.map((c) => c.box.y0)), y1: maxOf(chunks.map((c) => c.box.y1)) };
}

/**
 * The region's lines split at the gutter where the columns on the left and
 * those on the right keep rows on baselines of their own (see the module
 * comment), or null when every gutter's sides agree.
 */
export function splitUnalignedSides<L extends SideLine>(lines: readonly L[], cols: readonly Column[]): [L[], L[]] | null {
  const last = cols.length - 1;
  let best: { k: number; missed: number } | null = null;
  // Each side keeps two columns at least.
  for (let k = 1; k + MIN_ROWS <= last; k++) {
    const left = rowBaselines(lines, cols, 0, k);
    const right = rowBaselines(lines, cols, k + 1, last);
    if (left.length < MIN_SIDE_ROWS || right.length < MIN_SIDE_ROWS) continue;
    // Both sides must miss each other: one table's rows beside a sparse column meet it where it has text.
    const missed = Math.min(missedShare(left, lines, cols, k + 1, last), missedShare(right, lines, cols, 0, k));
    if (missed >= MIN_MISSED_SHARE && missed > (best?.missed ?? 0)) best = { k, missed };
  }
  if (!best) return null;
  const x = (cols[best.k]!.x1 + cols[best.k + 1]!.x0) / 2;
  const mid = (c: Chunk): number => (c.box.x0 + c.box.x1) / 2;
  const a = lines.map((l) => sideOf(l, (c) => mid(c) < x)).filter((l): l is L => l !== null);
  const b = lines.map((l) => sideOf(l, (c) => mid(c) >= x)).filter((l): l is L => l !== null);
  return [a, b];
}
