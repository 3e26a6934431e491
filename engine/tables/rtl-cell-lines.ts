/**
 * The lines of a right-to-left cell in reading order. A cell is one
 * paragraph, and its first line's text says which way it reads: when that
 * line was read right to left (its pieces carry direction `rtl`, bidi-lines.ts):
 *
 * - pieces of one line follow from right to left (a flag set apart from its
 *   number, `-83,116` … `(p)`), not in page order;
 * - a wrapped line with no right-to-left letter of its own (`Aviv)` under
 *   `תל אביב (Tel`) belongs to the same paragraph: the lines stage left it as
 *   drawn (`(Aviv`), and it is read right to left here;
 * - brackets that come out inverted across the cell's lines (`ירושלים )` over
 *   `Jerusalem(`) were named by the character typed, not the glyph drawn
 *   (LibreOffice; mirrored-brackets.ts), which one line alone cannot show.
 */
import type { Span, TextRun } from '../model.ts';
import { inverted, swapBrackets } from '../stages/mirrored-brackets.ts';
import { hasRtl, logicalText } from '../stages/bidi-lines.ts';
import { unionBox } from '../geometry.ts';
import { HALF } from './measures.ts';

/** Gap (ems) between two runs of one drawn line above which a space is inserted (as cell-text.ts). */
const SPACE_GAP_EM = 0.12;

/** Whether most runs of a line were read right to left. */
export const readsRtl = (line: readonly TextRun[]): boolean => line.filter((r) => r.dir === 'rtl').length > HALF * line.length;

/** A line the lines stage left as drawn (no right-to-left letter), joined in page order and read right to left. */
function readRtl(line: readonly TextRun[]): TextRun[] {
  const sorted = [...line].sort((a, b) => a.box.x0 - b.box.x0);
  let drawn = '';
  sorted.forEach((r, i) => {
    const prev = sorted[i - 1];
    if (prev && r.box.x0 - prev.box.x1 > SPACE_GAP_EM * r.fontSize && !/\s$/.test(drawn) && !/^\s/.test(r.text)) drawn += ' ';
    drawn += r.text;
  });
  return [{ ...sorted[0]!, text: logicalText(drawn.trim(), 'rtl'), box: unionBox(sorted.map((r) => r.box)), dir: 'rtl' }];
}

/** The cell's lines (top to bottom, each in page order) in reading order; see the module comment. */
export function rtlCellLines(lines: TextRun[][]): TextRun[][] {
  const first = lines[0];
  if (!first || !readsRtl(first)) return lines;
  return lines.map((line) => {
    if (readsRtl(line)) return [...line].sort((a, b) => b.box.x1 - a.box.x1);
    return line.some((r) => hasRtl(r.text)) ? line : readRtl(line);
  });
}

/** A right-to-left cell's spans with brackets inverted across its lines put right; see the module comment. */
export function rtlCellBrackets(spans: Span[]): Span[] {
  if (!inverted(spans.map((s) => s.text).join(''))) return spans;
  // The line break fell inside the brackets: the space joining the lines there goes.
  return spans.map((s) => ({ ...s, text: swapBrackets(s.text).replace(/([([{])\s+/gu, '$1').replace(/\s+([)\]}])/gu, '$1') }));
}
