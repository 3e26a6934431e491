/**
 * Two-column page layouts put unrelated left and right text on one baseline,
 * which looks exactly like a two-column table. This finds the page's layout
 * gutter (a vertical strip near the middle that almost no text crosses while
 * many lines have text on both sides) and splits lines there, so table
 * detection sees each layout column on its own.
 */
import type { Line } from '../model.ts';
import { lineChunks, union, type Chunk } from './chunks.ts';

/** An x-interval no text crosses. */
export type Gutter = { x0: number; x1: number };

/** Finds the layout gutter of a page, or null for a one-column page. */
export function findLayoutGutter(lines: readonly Line[], pageWidth: number): Gutter | null {
  const chunks: Chunk[] = lines.flatMap((l, i) => lineChunks(l, i));
  if (lines.length < 8) return null;
  const lo = Math.floor(pageWidth * 0.3);
  const hi = Math.ceil(pageWidth * 0.7);
  const counts: number[] = [];
  for (let x = lo; x <= hi; x++) counts.push(chunks.filter((c) => c.box.x0 < x && c.box.x1 > x).length);
  const min = Math.min(...counts);
  // Full-width headings and wide tables may cross the gutter; prose never does.
  if (min > lines.length * 0.1) return null;
  const best = counts.indexOf(min);
  let a = best;
  let b = best;
  while (a > 0 && counts[a - 1] === min) a--;
  while (b + 1 < counts.length && counts[b + 1] === min) b++;
  const gutter = { x0: lo + a, x1: lo + b };
  const left = lines.filter((l) => l.runs.some((r) => r.box.x1 <= gutter.x0)).length;
  const right = lines.filter((l) => l.runs.some((r) => r.box.x0 >= gutter.x1)).length;
  // Both layout columns must carry real text. (Their baselines need not line up.)
  if (left < lines.length * 0.25 || right < lines.length * 0.25) return null;
  // Table cells of one row share a baseline exactly. Layout columns run
  // independently: their lines meet on one baseline only by chance, and a
  // line grouper tolerant enough to merge them leaves them a point or two apart.
  const shared = lines.map((l) => sideBottoms(l, gutter)).filter((d): d is [number, number] => d !== null);
  const exact = shared.filter(([l, r]) => Math.abs(l - r) <= 0.6).length;
  if (shared.length === 0 || exact < 0.7 * shared.length) return gutter;
  // Both columns may still keep the same rhythm; then layout columns are
  // filled with prose lines running their full width, table columns are not.
  return proseSide(lines, (x) => x <= gutter.x1, pageWidth) && proseSide(lines, (x) => x >= gutter.x0, pageWidth) ? gutter : null;
}

/** Bottom edges of a line's text left and right of the gutter, or null when one side is empty. */
function sideBottoms(line: Line, g: Gutter): [number, number] | null {
  const left = line.runs.filter((r) => r.box.x1 <= g.x0);
  const right = line.runs.filter((r) => r.box.x0 >= g.x1);
  if (!left.length || !right.length) return null;
  return [Math.max(...left.map((r) => r.box.y1)), Math.max(...right.map((r) => r.box.y1))];
}

/** Whether the text on one side of the gutter looks like a column of prose. */
function proseSide(lines: readonly Line[], onSide: (x: number) => boolean, pageWidth: number): boolean {
  const extents = lines
    .map((l) => l.runs.filter((r) => onSide(r.box.x0) && onSide(r.box.x1)))
    .filter((rs) => rs.length > 0)
    .map((rs) => union(rs.map((r) => r.box)));
  if (!extents.length) return false;
  const x0 = Math.min(...extents.map((b) => b.x0));
  const x1 = Math.max(...extents.map((b) => b.x1));
  if (x1 - x0 < 0.3 * pageWidth) return false;
  const full = extents.filter((b) => b.x1 - b.x0 >= 0.8 * (x1 - x0)).length;
  return full >= 0.15 * extents.length;
}

/** Splits each line not crossing the gutter into its left and right parts. */
export function splitAtGutter(lines: readonly Line[], g: Gutter): Line[] {
  const mid = (g.x0 + g.x1) / 2;
  return lines.flatMap((line) => {
    if (line.runs.some((r) => r.box.x0 < g.x0 && r.box.x1 > g.x1)) return [line];
    const left = line.runs.filter((r) => (r.box.x0 + r.box.x1) / 2 < mid);
    const right = line.runs.filter((r) => (r.box.x0 + r.box.x1) / 2 >= mid);
    return [left, right].filter((rs) => rs.length > 0).map((runs) => ({ runs, box: union(runs.map((r) => r.box)) }));
  });
}
