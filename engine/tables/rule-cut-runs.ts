/**
 * Cells a word space apart often come as one run (`K001 Item 1` over a key
 * and an item column), as in Chromium's default table CSS with `border=1`.
 * In a drawn grid the rules say where cells end: a run crossing a drawn
 * vertical boundary is cut at its word space nearest that boundary.
 */
import type { TextRun } from '../model.ts';
import { SLACK_EM } from './chunks.ts';
import { charEdges } from './glued-runs.ts';
import type { RuleGrid } from './rule-grid.ts';
import { ascending, slotOf } from './grid-slots.ts';

/**
 * Drawn vertical boundaries (x) in the grid row holding `y`: the left edges
 * of that row's cells but the first. Found per row once, on first asking,
 * rather than over all cells for each run.
 */
function boundaries(grid: RuleGrid): (y: number) => readonly number[] {
  const byRow = new Map<number, number[]>();
  const rowOf = ascending(grid.ys) ? (y: number): number => slotOf(grid.ys, y)
    : (y: number): number => grid.ys.findIndex((top, i) => i + 1 < grid.ys.length && y >= top && y < grid.ys[i + 1]!);
  return (y) => {
    const r = rowOf(y);
    if (r < 0) return [];
    let xs = byRow.get(r);
    if (!xs) byRow.set(r, (xs = grid.cells.filter((c) => c.r0 <= r && r < c.r1 && c.c0 > 0).map((c) => grid.xs[c.c0]!)));
    return xs;
  };
}

/** The run cut at the word space nearest each drawn boundary it crosses by more than the slack. */
function cutRun(r: TextRun, boundariesAt: (y: number) => readonly number[]): TextRun[] {
  const slack = SLACK_EM * r.fontSize;
  const crossed = boundariesAt((r.box.y0 + r.box.y1) / 2).filter((x) => x > r.box.x0 + slack && x < r.box.x1 - slack);
  if (!crossed.length) return [r];
  const edges = charEdges(r);
  const chars = [...r.text];
  const spaces = chars.flatMap((ch, i) => (/\s/.test(ch) && i > 0 && i < chars.length - 1 ? [i] : []));
  const mid = (i: number): number => (edges[i]! + edges[i + 1]!) / 2;
  const cuts = new Set<number>();
  for (const x of crossed) {
    const best = spaces.reduce<number | null>((b, i) => (b === null || Math.abs(mid(i) - x) < Math.abs(mid(b) - x) ? i : b), null);
    if (best !== null) cuts.add(best);
  }
  if (!cuts.size) return [r];
  const bounds = [0, ...[...cuts].sort((a, b) => a - b), chars.length];
  return bounds.slice(1)
    .map((end, j) => ({ ...r, text: chars.slice(bounds[j]!, end).join(''), box: { ...r.box, x0: edges[bounds[j]!]!, x1: edges[end]! } }))
    .filter((p) => p.text.trim() !== '');
}

/** Runs cut at the grid's drawn boundaries, each piece mapped to the run it came from. */
export function cutRunsAtRules(grid: RuleGrid, runs: readonly TextRun[]): { runs: TextRun[]; origin: Map<TextRun, TextRun> } {
  const origin = new Map<TextRun, TextRun>();
  const boundariesAt = boundaries(grid);
  const out = runs.flatMap((r) => {
    const pieces = cutRun(r, boundariesAt);
    for (const p of pieces) origin.set(p, r);
    return pieces;
  });
  return { runs: out, origin };
}
