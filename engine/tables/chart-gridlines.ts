/**
 * Charts read as tables (issue 19, class 3). A chart's value axis is a set of
 * gridlines of one length, and its tick labels sit just outside their ends,
 * each centred on its gridline. A table's rules separate rows: its text
 * lies between them, never on them. So a set of parallel rules with a label
 * centred on the end of most of them is a chart, and its area is a figure:
 * the labels in and around it stay text.
 */
import type { Box, Line, Rule } from '../model.ts';
import { lineChunks, union, type Chunk } from './chunks.ts';
import { MIN_TICKS, SAME_END_EM, SAME_LINE_EM } from './measures.ts';

/** A tick label ends at most this many ems before the gridlines start (the tick and its gap). */
const TICK_GAP_EM = 2;
/** Share of the gridlines that carry a label: an axis labels most of its ticks. */
const LABELLED_SHARE = 0.6;
/**
 * Widest a tick label is, in ems: a value or a short category ("2,000",
 * "Jan 2020"). The end of a line of prose in the next layout column also
 * stops just left of a table's rules, on a baseline near each of them.
 */
const MAX_LABEL_EM = 10;

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

/** Whether some piece of text (a line's chunk) ends just left of `x` with its vertical centre on `y`. */
function labelled(labels: readonly Chunk[], x: number, y: number, em: number): boolean {
  return labels.some((c) => c.box.x1 <= x + SAME_END_EM * em && c.box.x1 >= x - TICK_GAP_EM * em && Math.abs(midY(c.box) - y) <= SAME_LINE_EM * em);
}

/** The boxes of charts on a page: gridline sets whose ends carry tick labels. `em` is the page's body text size. */
export function chartAreas(rules: readonly Rule[], lines: readonly Line[], em: number): Box[] {
  if (em <= 0) return [];
  const horizontal = rules.filter((r) => r.orientation === 'h');
  const out: Box[] = [];
  let labels: Chunk[] | null = null; // the page's pieces of text short enough to label a tick, gathered only for a set of gridlines
  for (const group of sameLength(horizontal, em)) {
    if (group.length < MIN_TICKS) continue;
    labels ??= lines.flatMap((l) => lineChunks(l)).filter((c) => c.box.x1 - c.box.x0 <= MAX_LABEL_EM * em && c.runs.some((r) => r.text.trim() !== ''));
    const x0 = group[0]!.box.x0;
    const ticks = group.filter((r) => labelled(labels!, x0, midY(r.box), em)).length;
    if (ticks >= MIN_TICKS && ticks >= LABELLED_SHARE * group.length) out.push(union(group.map((r) => r.box)));
  }
  return out;
}
