/**
 * Lines broken by hand: an author list (one author and affiliation a line),
 * an address, a label over its value ("ACM Reference Format:" / "Ben
 * Trovato, …"). Text that wraps breaks a line only where the next word no
 * longer fits; a line that stops while the next line's first word would have
 * fitted after it, within the paragraph's measure, was ended on purpose.
 * Joined into one paragraph, such lines run together ("… Iceland VALERIE
 * BÉRANGER, Inria …"); here each run of lines between forced breaks is a
 * paragraph of its own.
 */
import type { Line } from '../model.ts';
import { lineFontSize, lineText } from '../geometry.ts';
import { listMarker } from './lists.ts';
import { textEnd } from './margin-marks.ts';

/**
 * Room, in ems of the line, left over after the next word and its space: a
 * margin over the width estimated from the next line's average character,
 * so that a word of wide letters after a line of narrow ones does not pass
 * for fitting.
 */
const SLACK_EM = 1;
/** A line ending in a hyphen or an opening bracket continues on the next: never a forced break. */
const CONTINUES = /[-‐­([{/]$/u;

/**
 * Whether the first word of `next`, with a space before it and `slack` points
 * to spare, would have fitted at the end of `last` within `right`. The word's
 * width is estimated from `next`'s average character.
 */
export function wordWouldFit(last: Line, next: Line, right: number, slack = 0): boolean {
  const text = lineText(next).trimStart();
  const word = text.split(/\s/u, 1)[0] ?? '';
  const perChar = (next.box.x1 - next.box.x0) / Math.max(1, text.length);
  return last.box.x1 + perChar * (word.length + 1) + slack <= right;
}

/** A line starting in lower case carries on the sentence before it, however short that line stopped. */
const CARRIES_ON = /^\s*\p{Ll}/u;

/**
 * Lines starting this many ems apart at most share their left edge. Only such lines are read for a break by hand:
 * centred lines (a title broken in two) end short on either side by design.
 */
const SAME_EDGE_EM = 0.5;

/** Whether the break between `line` and `next` was forced, in a paragraph whose lines reach `right` at most. */
function forced(line: Line, next: Line, right: number): boolean {
  if (Math.abs(next.box.x0 - line.box.x0) > SAME_EDGE_EM * lineFontSize(line)) return false;
  const text = lineText(line).trimEnd();
  const nextText = lineText(next);
  if (text === '' || CONTINUES.test(text) || CARRIES_ON.test(nextText) || listMarker(nextText) !== null) return false;
  return wordWouldFit(line, next, right, SLACK_EM * lineFontSize(line));
}

/**
 * The paragraph's measure: where its widest line's text ends, not counting a
 * stray mark set far out on one line (a thumb index in the margin), which
 * would make every other line look short.
 */
function measureRight(lines: readonly Line[]): number {
  let right = -Infinity;
  for (let i = 0; i < lines.length; i++) right = Math.max(right, textEnd(lines[i]!));
  return right;
}

/**
 * The paragraph's lines cut at forced breaks. A paragraph of one line, or
 * whose breaks all look like wrapping, comes back whole. When every break
 * but one is forced, the lines are a stack set by hand (an author list whose
 * first line is its widest, after which no word can be seen to fit) and every
 * line stands alone.
 */
export function splitAtForcedBreaks(lines: Line[]): Line[][] {
  if (lines.length < 2) return [lines]; // one line has no break
  const right = measureRight(lines);
  const cuts = lines.slice(1).map((l, i) => forced(lines[i]!, l, right));
  const n = cuts.filter(Boolean).length;
  if (n === 0) return [lines];
  const stack = n >= 2 && n >= cuts.length - 1; // two forced breaks at least, and all breaks but one
  const parts: Line[][] = [];
  let cur: Line[] = [lines[0]!];
  for (let i = 1; i < lines.length; i++) {
    if (stack || cuts[i - 1]) {
      parts.push(cur);
      cur = [];
    }
    cur.push(lines[i]!);
  }
  parts.push(cur);
  return parts;
}
