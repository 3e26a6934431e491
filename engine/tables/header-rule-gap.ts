/**
 * A header's rule and the blank under it, inside a whitespace table: the
 * region the aligned-tables search grows goes on across that blank, which
 * alone would cut the header off its body.
 */
import type { Rule } from '../model.ts';
import { SLACK_EM, union } from './chunks.ts';
import type { RegionLine } from './columns.ts';
import { MAX_GAP_LINES } from './region-gaps.ts';
import { isWrappedHead, ruleBetween } from './rows.ts';

/** A region line and its kind as the aligned-tables search classifies it (`multi`, `single`, `barrier`…). */
type GapLine = RegionLine & { kind: string };

/**
 * Whether the blank above `line` holds a drawn rule across the region's one
 * row so far: a header's rule and its padding, inside the table (a blank
 * alone would cut the header off its body). The row may be a header's
 * wrapped lines (`Wages` / `2001`) when the rule reaches over `line` too: a
 * row under a header's rule lies within the table's width, while prose
 * under a small table's bottom rule runs past it.
 */
export function underHeaderRule(region: readonly GapLine[], line: GapLine, rules: readonly Rule[]): boolean {
  const prev = region[region.length - 1];
  if (!prev || prev.kind !== 'multi' || line.kind === 'barrier') return false;
  // The lines from the first row on (single lines above it may be labels spanning its columns).
  const rows = region.slice(region.findIndex((l) => l.kind === 'multi'));
  const wrapped = rows.length > 1;
  if (wrapped && !(rows.every((l) => l.kind === 'multi') && isWrappedHead(rows))) return false;
  const box = union(prev.chunks.map((c) => c.box));
  if (line.y0 - prev.y1 > MAX_GAP_LINES * (line.y1 - line.y0) || !ruleBetween(rules, prev, line, box.x0, box.x1)) return false;
  return !wrapped || reachesOver(rules, prev, line);
}

/** Whether a horizontal rule between two lines reaches over all of the second one's text. */
function reachesOver(rules: readonly Rule[], prev: GapLine, line: GapLine): boolean {
  const b = union(line.chunks.map((c) => c.box));
  const slack = SLACK_EM * line.chunks[0]!.runs[0]!.fontSize;
  const [top, bottom] = [(prev.y0 + prev.y1) / 2, (line.y0 + line.y1) / 2];
  return rules.some((r) => r.orientation === 'h' && (r.box.y0 + r.box.y1) / 2 > top && (r.box.y0 + r.box.y1) / 2 < bottom
    && r.box.x0 <= b.x0 + slack && r.box.x1 >= b.x1 - slack);
}
