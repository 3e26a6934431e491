/**
 * Charts read as tables (issue 19, class 3). A chart's value axis is a set of
 * gridlines of one length, and its tick labels sit just outside their ends,
 * each centred on its gridline. A table's rules separate rows: its text
 * lies between them, never on them. So a set of parallel rules with a label
 * centred on the end of most of them is a chart, and its area is a figure:
 * the labels in and around it stay text.
 */
import type { Box, Line, Rule, TextRun } from '../model.ts';
import { union } from './chunks.ts';
import { MIN_TICKS, SAME_END_EM, SAME_LINE_EM } from './measures.ts';

/** A tick label ends at most this many ems before the gridlines start (the tick and its gap). */
const TICK_GAP_EM = 2;
/** Share of the gridlines that carry a label: an axis labels most of its ticks. */
const LABELLED_SHARE = 0.6;

const midY = (b: Box): number => (b.y0 + b.y1) / 2;

/** Horizontal rules grouped by common left and right ends. */
function sameLength(rules: readonly Rule[], em: number): Rule[][] {
  const groups: Rule[][] = [];
  for (const r of rules) {
    const g = groups.find((gr) => Math.abs(gr[0]!.box.x0 - r.box.x0) <= SAME_END_EM * em && Math.abs(gr[0]!.box.x1 - r.box.x1) <= SAME_END_EM * em);
    if (g) g.push(r);
    else groups.push([r]);
  }
  return groups;
}

/** Whether some run ends just left of `x` with its vertical centre on `y`. */
function labelled(runs: readonly TextRun[], x: number, y: number, em: number): boolean {
  return runs.some((r) => r.box.x1 <= x + SAME_END_EM * em && r.box.x1 >= x - TICK_GAP_EM * em && Math.abs(midY(r.box) - y) <= SAME_LINE_EM * em);
}

/** The boxes of charts on a page: gridline sets whose ends carry tick labels. `em` is the page's body text size. */
export function chartAreas(rules: readonly Rule[], lines: readonly Line[], em: number): Box[] {
  if (em <= 0) return [];
  const horizontal = rules.filter((r) => r.orientation === 'h');
  const out: Box[] = [];
  let runs: TextRun[] | null = null; // the page's text, gathered only for a set of gridlines
  for (const group of sameLength(horizontal, em)) {
    if (group.length < MIN_TICKS) continue;
    runs ??= lines.flatMap((l) => l.runs).filter((r) => r.text.trim() !== '');
    const x0 = group[0]!.box.x0;
    const ticks = group.filter((r) => labelled(runs!, x0, midY(r.box), em)).length;
    if (ticks >= MIN_TICKS && ticks >= LABELLED_SHARE * group.length) out.push(union(group.map((r) => r.box)));
  }
  return out;
}
