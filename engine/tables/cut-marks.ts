/**
 * Marks cut off from their row by a cut between tables side by side. The
 * lines stage sets a raised footnote mark (a dagger after `−6.38`, smaller
 * and a few points up) on the line it overlaps most, which may be the row
 * beside it in the other table. Once the lines are cut at the gutter
 * between the tables, the mark is a line of its own on its side, and a lone
 * mark between two rows breaks its table in two. A side's piece of a line
 * that holds only marks joins the piece on its side that it overlaps from
 * above or below: the row it marks.
 */
import type { Line } from '../model.ts';
import { isMark } from './row-pitches.ts';

/** Median font size of the lines' runs: the size marks are set smaller than. */
function medianSize(lines: readonly Line[]): number {
  const sizes = Float64Array.from(lines.flatMap((l) => l.runs.map((r) => r.fontSize))).sort();
  return sizes[sizes.length >> 1] ?? 0;
}

/**
 * Points the marks' own glyphs share in height with a line (negative when apart): a piece cut from a line keeps
 * that whole line's box, which says nothing of where the marks sit.
 */
function overlap(marks: Line, b: Line): number {
  const y0 = Math.min(...marks.runs.map((r) => r.box.y0)), y1 = Math.max(...marks.runs.map((r) => r.box.y1));
  return Math.min(y1, b.box.y1) - Math.max(y0, b.box.y0);
}

/** One side's lines (sorted by top) with each line of marks only joined to the neighbour it overlaps most; see the module comment. */
export function joinCutMarks(lines: readonly Line[]): Line[] {
  const size = medianSize(lines);
  const marksOnly = (l: Line): boolean => {
    const inked = l.runs.filter((r) => r.text.trim() !== '');
    return inked.length > 0 && inked.every((r) => isMark(r, size));
  };
  if (!lines.some(marksOnly)) return [...lines];
  const out = [...lines];
  for (let i = 0; i < out.length; i++) {
    const l = out[i]!;
    if (!marksOnly(l)) continue;
    const near = [i - 1, i + 1].filter((k) => out[k] && !marksOnly(out[k]!) && overlap(l, out[k]!) > 0);
    if (!near.length) continue;
    const k = near.reduce((p, q) => (overlap(l, out[q]!) > overlap(l, out[p]!) ? q : p));
    const host = out[k]!;
    const runs = [...host.runs, ...l.runs].sort((a, b) => a.box.x0 - b.box.x0);
    out[k] = { runs, box: { x0: Math.min(host.box.x0, l.box.x0), y0: Math.min(host.box.y0, l.box.y0), x1: Math.max(host.box.x1, l.box.x1), y1: Math.max(host.box.y1, l.box.y1) } };
    out.splice(i, 1);
    i--;
  }
  return out;
}
