/**
 * A header's rule and the blank under it, inside a whitespace table: the
 * region the aligned-tables search grows goes on across that blank, which
 * alone would cut the header off its body.
 */
import type { Rule } from '../model.ts';
import { SLACK_EM, union, type Chunk } from './chunks.ts';
import type { RegionLine } from './columns.ts';
import { MAX_GAP_LINES } from './region-gaps.ts';
import { holdsValue, isWrappedHead, ruleBetween } from './rows.ts';
import { labelsSeveral } from './spanning-headers.ts';

/** Lines of a header of labels over labels (a year over its columns, a group over its years, their labels). */
const MAX_SPANNING_HEAD_LINES = 3;

/** A region line and its kind as the aligned-tables search classifies it (`multi`, `single`, `barrier`…). */
type GapLine = RegionLine & { kind: string };

/**
 * Whether the blank above `line` holds a drawn rule across the region's one
 * row so far: a header's rule and its padding, inside the table (a blank
 * alone would cut the header off its body). The row may be a header's
 * wrapped lines (`Wages` / `2001`), or labels over labels (isSpanningHead),
 * when the rule reaches over `line` too: a
 * row under a header's rule lies within the table's width, while prose
 * under a small table's bottom rule runs past it.
 */
export function underHeaderRule(region: readonly GapLine[], line: GapLine, rules: readonly Rule[]): boolean {
  const prev = region[region.length - 1];
  if (!prev || prev.kind !== 'multi' || line.kind === 'barrier') return false;
  // The lines from the first row on (single lines above it may be labels spanning its columns).
  const rows = region.slice(region.findIndex((l) => l.kind === 'multi'));
  const wrapped = rows.length > 1;
  if (wrapped && !(rows.every((l) => l.kind === 'multi') && (isWrappedHead(rows) || isSpanningHead(rows)))) return false;
  const box = union(prev.chunks.map((c) => c.box));
  if (line.y0 - prev.y1 > MAX_GAP_LINES * (line.y1 - line.y0) || !ruleBetween(rules, prev, line, box.x0, box.x1)) return false;
  return !wrapped || reachesOver(rules, prev, line);
}

/**
 * Whether lines are a header of labels over labels: two or three lines of
 * text (numbers only as labels: years, ordinals), each but the last holding
 * a label over several pieces of the line below and within its extent
 * (`2020` over `Total  Share`; a caption reaches past the header under it).
 * Body rows never label one another so.
 */
function isSpanningHead(rows: readonly GapLine[]): boolean {
  if (rows.length > MAX_SPANNING_HEAD_LINES) return false;
  if (rows.some((l) => holdsValue(l, true))) return false;
  // A label over columns lies within the line below; a caption centred over the table reaches past it.
  const within = (c: Chunk, below: readonly Chunk[]): boolean => {
    const slack = SLACK_EM * c.runs[0]!.fontSize;
    return c.box.x0 >= below[0]!.box.x0 - slack && c.box.x1 <= below[below.length - 1]!.box.x1 + slack;
  };
  return rows.slice(1).every((l, i) => rows[i]!.chunks.some((c) => labelsSeveral(c, l.chunks) && within(c, l.chunks)));
}

/** Whether a horizontal rule between two lines reaches over all of the second one's text. */
function reachesOver(rules: readonly Rule[], prev: GapLine, line: GapLine): boolean {
  const b = union(line.chunks.map((c) => c.box));
  const slack = SLACK_EM * line.chunks[0]!.runs[0]!.fontSize;
  const [top, bottom] = [(prev.y0 + prev.y1) / 2, (line.y0 + line.y1) / 2];
  return rules.some((r) => r.orientation === 'h' && (r.box.y0 + r.box.y1) / 2 > top && (r.box.y0 + r.box.y1) / 2 < bottom
    && r.box.x0 <= b.x0 + slack && r.box.x1 >= b.x1 - slack);
}
