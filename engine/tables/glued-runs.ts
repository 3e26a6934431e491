/**
 * Header cells set a word space apart often come as one run (`Less than
 * $10,000–  $15,000–`), each word over its own column. Without glyph
 * positions, a run's characters are placed along its box by rough advances
 * (Helvetica's widths by class of character), which is enough to tell in
 * which gutter a space falls.
 */
import type { TextRun } from '../model.ts';
import type { Column, RegionLine } from './columns.ts';
import { SLACK_EM } from './chunks.ts';

/** Rough advance of a character in ems of a proportional font (Helvetica's widths by class), first match wins; else an em. */
const ADVANCE_EM: ReadonlyArray<readonly [RegExp, number]> = [
  [/\s|[.,:;'!|]/, 0.28], [/[-()[\]/]/, 0.33], [/[0-9]/, 0.56], [/[ijlft]/, 0.26], [/[mwMW]/, 0.85], [/[A-Z%$€£]/, 0.68], [/[a-z]/, 0.53],
];

/** Rough advance of a character, in ems, to place a run's characters. */
const advance = (ch: string): number => ADVANCE_EM.find(([re]) => re.test(ch))?.[1] ?? 1;

/** x at the left of each character of the run (and at its end), spreading the box by the characters' rough advances. */
export function charEdges(r: TextRun): number[] {
  const chars = [...r.text];
  const total = chars.reduce((n, ch) => n + advance(ch), 0) || 1;
  const edges = [r.box.x0];
  let acc = 0;
  for (const ch of chars) edges.push(r.box.x0 + ((acc += advance(ch)) / total) * (r.box.x1 - r.box.x0));
  return edges;
}

/** Whether a word space of the run falls in [x0, x1] (within the slack). */
export function spaceIn(r: TextRun, x0: number, x1: number): boolean {
  const edges = charEdges(r);
  const slack = SLACK_EM * r.fontSize;
  return [...r.text].some((ch, i) => /\s/.test(ch) && i > 0 && (edges[i]! + edges[i + 1]!) / 2 >= x0 - slack && (edges[i]! + edges[i + 1]!) / 2 <= x1 + slack);
}

/** The run cut at its word spaces that fall in gutters of the columns, each piece with its share of the box. */
function cutAtGutters(r: TextRun, cols: readonly Column[]): TextRun[] {
  const edges = charEdges(r);
  const mid = (i: number): number => (edges[i]! + edges[i + 1]!) / 2;
  const slack = SLACK_EM * r.fontSize;
  const cuts = [...r.text].flatMap((ch, i) => (/\s/.test(ch) && cols.slice(1).some((col, k) => mid(i) >= cols[k]!.x1 - slack && mid(i) <= col.x0 + slack) ? [i] : []));
  if (!cuts.length) return [r];
  const bounds = [0, ...cuts, r.text.length];
  return bounds.slice(1).map((end, j) => ({ ...r, text: r.text.slice(bounds[j]!, end), box: { ...r.box, x0: edges[bounds[j]!]!, x1: edges[end]! } }))
    .filter((p) => p.text.trim() !== '');
}

/** A wrapped header line with runs cut where header cells set a space apart share one run (see `spaceIn`). */
export function cutHeaderLine(line: RegionLine, cols: readonly Column[]): RegionLine {
  return { ...line, chunks: line.chunks.map((c) => ({ ...c, runs: c.runs.flatMap((r) => cutAtGutters(r, cols)) })) };
}
