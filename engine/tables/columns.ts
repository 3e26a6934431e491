/**
 * Column and row structure of a whitespace-aligned table region: columns are
 * the x-intervals covered by text with empty gutters between them; rows start
 * where the vertical rhythm or the first column says a new record begins.
 */
import type { Box, Rule } from '../model.ts';
import { midX, type Chunk } from './chunks.ts';

/** A column as an x-interval. */
export type Column = { x0: number; x1: number };

/**
 * Columns from the chunks of a region's multi-chunk lines. A gutter is an
 * x-interval crossed by no chunk, or by only a few when the region is tall:
 * LaTeX lets a long word overflow its column, which would otherwise glue two
 * columns together.
 */
export function findColumns(chunks: readonly Chunk[], lineCount: number): Column[] {
  if (!chunks.length) return [];
  const allowed = Math.floor(lineCount * 0.15);
  const edges = [...new Set(chunks.flatMap((c) => [c.box.x0, c.box.x1]))].sort((a, b) => a - b);
  const cols: Column[] = [];
  let cur: Column | null = null;
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i]!;
    const b = edges[i + 1]!;
    const m = (a + b) / 2;
    const count = chunks.filter((c) => c.box.x0 <= m && c.box.x1 >= m).length;
    // An overflowing chunk or two may cross a gutter, but only one that cells start right after.
    const starters = chunks.filter((c) => c.box.x0 >= b - 1 && c.box.x0 <= b + 3).length;
    const gutter = count === 0 || (count <= allowed && b - a >= 2 && starters >= 2);
    if (!gutter) {
      if (cur && cur.x1 >= a - 1) cur.x1 = b;
      else cols.push((cur = { x0: a, x1: b }));
    }
  }
  // A column no chunk belongs to is an artefact of the tolerance above.
  const used = new Set(chunks.map((c) => columnOf(cols, c)));
  return mergeUnused(cols, used);
}

function mergeUnused(cols: Column[], used: ReadonlySet<number>): Column[] {
  const out: Column[] = [];
  cols.forEach((c, i) => {
    const last = out[out.length - 1];
    if (!used.has(i) && last) last.x1 = c.x1;
    else out.push({ ...c });
  });
  return out;
}

/** Index of the column a box belongs to (largest overlap, else nearest centre). */
export function columnOf(cols: readonly Column[], c: { box: Box }): number {
  let best = 0;
  let bestScore = -Infinity;
  cols.forEach((col, i) => {
    const overlap = Math.min(col.x1, c.box.x1) - Math.max(col.x0, c.box.x0);
    const score = overlap > 0 ? overlap : -Math.abs(midX(c.box) - (col.x0 + col.x1) / 2);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/**
 * Whether a chunk reaches across a gutter well into the next column (a
 * caption or prose, not a cell). Slight overflow past a gutter is a long word
 * in a cell, not a straddle.
 */
export function straddles(cols: readonly Column[], c: Chunk): boolean {
  return cols.slice(1).some((col, i) => c.box.x0 < cols[i]!.x1
    && c.box.x1 - col.x0 > Math.min(40, 0.5 * (col.x1 - col.x0)));
}

/** A visual line of the region: its chunks and vertical extent. */
export type RegionLine = { chunks: Chunk[]; y0: number; y1: number };

function ruleBetween(rules: readonly Rule[], a: RegionLine, b: RegionLine, x0: number, x1: number): boolean {
  // Compare centres: text boxes include ascent and descent, so a rule tucked
  // under a line may overlap its box.
  const top = (a.y0 + a.y1) / 2;
  const bottom = (b.y0 + b.y1) / 2;
  return rules.some((r) => r.orientation === 'h' && (r.box.y0 + r.box.y1) / 2 > top && (r.box.y0 + r.box.y1) / 2 < bottom
    && Math.min(r.box.x1, x1) - Math.max(r.box.x0, x0) > 0.5 * (x1 - x0));
}

/**
 * Groups region lines into rows. A horizontal rule between two lines always
 * separates rows. When line pitches are bimodal (padded rows, as HTML and
 * word processors draw them), the short pitch is a wrapped line inside a row
 * and the long one a row break. When every pitch is alike (LaTeX), a line
 * with text in the first column starts a row and others continue it.
 */
export function groupRows(lines: readonly RegionLine[], cols: readonly Column[], rules: readonly Rule[]): RegionLine[][] {
  const x0 = cols[0]?.x0 ?? 0;
  const x1 = cols[cols.length - 1]?.x1 ?? 0;
  // Pitches across a rule are stretched by the rule's padding and say nothing about rows.
  // The gap under the first line is often a header's extra space; leave it out too.
  const pitches = lines.slice(2)
    .filter((l, i) => !ruleBetween(rules, lines[i + 1]!, l, x0, x1))
    .map((l) => l.y0 - lines[lines.indexOf(l) - 1]!.y0);
  const minP = pitches.length ? Math.min(...pitches) : 0;
  const tight = pitches.filter((p) => p <= minP * 1.08).length;
  const loose = pitches.filter((p) => p > minP * 1.15).length;
  const bimodal = tight >= 1 && loose >= 1;
  const rows: RegionLine[][] = [];
  lines.forEach((line, i) => {
    const prev = lines[i - 1];
    const pitch = prev ? line.y0 - prev.y0 : Infinity;
    const firstCol = line.chunks.some((c) => columnOf(cols, c) === 0);
    let starts: boolean;
    if (!prev || ruleBetween(rules, prev, line, x0, x1)) starts = true;
    else if (bimodal) starts = pitch > minP * 1.15;
    else starts = firstCol;
    if (starts || !rows.length) rows.push([line]);
    else rows[rows.length - 1]!.push(line);
  });
  return rows;
}

/** Whether a horizontal rule lies between the first row and the second. */
export function ruleUnderFirstRow(rows: readonly RegionLine[][], rules: readonly Rule[], cols: readonly Column[]): boolean {
  const a = rows[0]?.[rows[0].length - 1];
  const b = rows[1]?.[0];
  if (!a || !b) return false;
  return ruleBetween(rules, a, b, cols[0]?.x0 ?? 0, cols[cols.length - 1]?.x1 ?? 0);
}
