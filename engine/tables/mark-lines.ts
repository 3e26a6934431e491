/**
 * Marks raised or lowered off their line far enough that the lines stage set
 * them on a line of their own (a footnote star after `911`, drawn in a
 * smaller font a few points above the row): such a line is no row and no
 * line pitch. It joins the neighbouring line whose baseline is nearer, the
 * line it marks.
 */
import type { RegionLine } from './columns.ts';
import { isMark, lineBase } from './row-pitches.ts';

/** Whether every run of a line is a mark: one or two characters, set much smaller than the region's text (`size`). */
function marksOnly(l: RegionLine, size: number): boolean {
  const runs = l.chunks.flatMap((c) => c.runs).filter((r) => r.text.trim() !== '');
  return runs.length > 0 && runs.every((r) => isMark(r, size));
}

const joined = (a: RegionLine, b: RegionLine): RegionLine => ({
  chunks: [...a.chunks, ...b.chunks].sort((x, y) => x.box.x0 - y.box.x0), y0: Math.min(a.y0, b.y0), y1: Math.max(a.y1, b.y1),
});

/** The region's lines with each line of marks joined to the neighbour it marks; `size` is the region's median font size. */
export function joinMarkLines(lines: readonly RegionLine[], size: number): RegionLine[] {
  if (!lines.some((l) => marksOnly(l, size))) return [...lines];
  const out: RegionLine[] = [];
  // Marks waiting for the line under them.
  let pending: RegionLine | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!marksOnly(line, size)) {
      out.push(pending ? joined(pending, line) : line);
      pending = null;
      continue;
    }
    const prev = out[out.length - 1];
    const next = lines[i + 1];
    const above = prev ? lineBase(line) - lineBase(prev) : Infinity;
    const below = next && !marksOnly(next, size) ? lineBase(next) - lineBase(line) : Infinity;
    if (below < above) pending = pending ? joined(pending, line) : line;
    else if (prev) out[out.length - 1] = joined(prev, line);
    else out.push(line);
  }
  if (pending) out.push(pending);
  return out;
}
