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
  const both = lines.filter((l) => l.runs.some((r) => r.box.x1 <= gutter.x0) && l.runs.some((r) => r.box.x0 >= gutter.x1));
  const left = lines.filter((l) => l.runs.some((r) => r.box.x1 <= gutter.x0)).length;
  const right = lines.filter((l) => l.runs.some((r) => r.box.x0 >= gutter.x1)).length;
  // Both layout columns must carry real text, and often side by side.
  if (left < lines.length * 0.25 || right < lines.length * 0.25 || both.length < 4) return null;
  return gutter;
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
