/**
 * Two-column parts of a page that is not in columns as a whole: a stretch of
 * lines, bounded above and below by full-width text (or the page's ends),
 * whose two stacks of text never touch a common empty gutter. Page-wide
 * gutter search cannot see such a part (the full-width lines cross the
 * gutter), so the part is read line by line, interleaving the columns.
 *
 * The search is deliberately local and strict: the gutter must be empty over
 * the whole part (not merely rarely crossed), and both stacks must read as
 * prose (several words a line, most lines filling their stack), so aligned
 * key/value lists, option tables and forms stay row by row.
 */
import type { Box, Line } from '../model.ts';
import { lineText } from '../geometry.ts';
import { MIN_GUTTER_PT } from './measures.ts';
import { maxOf, minOf } from '../numbers.ts';

/** Lines each stack needs before the part is believed to be in columns. */
const MIN_STACK_LINES = 4;
/** A stack line "fills" its stack from this share of the stack's width on. */
const FILL = 0.6;
/** Share of a stack's lines that must fill it (prose is mostly full lines). */
const MIN_FILLED_SHARE = 0.4;
/** Prose averages at least this many words a line; labels and values do not. */
const MIN_WORDS = 2.5;
/** Each stack is at least this share of the part's width. */
const MIN_STACK_WIDTH = 0.25;
/** Window steps per page before the search gives up (a hostile page of thousands of short lines). */
const MAX_STEPS = 200_000;

type Span = { x0: number; x1: number };

/** One page element in y order: a line (its runs' x-extents) or a pre-built block (its box). */
export type Element = { box: Box; spans: Span[]; line?: Line };

/** A two-column part: elements [start, end) of the y-ordered list, split at the gutter. */
export type ColumnRegion = { start: number; end: number; gutter: Span };

/** Whether the span overlaps any of the free intervals. */
function cutsAny(free: readonly Span[], s: Span): boolean {
  for (let i = 0; i < free.length; i++) if (s.x1 > free[i]!.x0 && s.x0 < free[i]!.x1) return true;
  return false;
}

/** Removes the spans from the free intervals, keeping pieces wide enough to be a gutter. */
function subtract(free: Span[], spans: readonly Span[]): Span[] {
  let out = free;
  for (let k = 0; k < spans.length; k++) {
    const s = spans[k]!;
    // Most spans miss every free interval (text beside the middle strip): nothing to cut, nothing to copy.
    if (!cutsAny(out, s)) continue;
    const next: Span[] = [];
    for (let i = 0; i < out.length; i++) {
      const f = out[i]!;
      if (s.x1 <= f.x0 || s.x0 >= f.x1) { next.push(f); continue; }
      if (s.x0 - f.x0 >= MIN_GUTTER_PT) next.push({ x0: f.x0, x1: s.x0 });
      if (f.x1 - s.x1 >= MIN_GUTTER_PT) next.push({ x0: s.x1, x1: f.x1 });
    }
    out = next;
    if (out.length === 0) break;
  }
  return out;
}

type Part = { text: string; x0: number; x1: number; mono: boolean };

/** The text of a line's runs on one side of the gutter, and their x-extent. */
function sidePart(line: Line, g: Span, side: 'left' | 'right'): Part | null {
  const runs = line.runs.filter((r) => (side === 'left' ? r.box.x1 <= g.x0 : r.box.x0 >= g.x1) && r.text.trim() !== '');
  if (runs.length === 0) return null;
  const mono = runs.filter((r) => r.monospace).length * 2 > runs.length; // over half its runs
  return { text: lineText({ runs, box: line.box }).trim(), x0: minOf(runs.map((r) => r.box.x0)), x1: maxOf(runs.map((r) => r.box.x1)), mono };
}

/** Words in a text: tokens that are mostly letters, plus one per two ideographs or kana (unspaced scripts). */
function wordCount(text: string): number {
  const tokens = text.split(/\s+/).filter((w) => (w.match(/\p{L}/gu)?.length ?? 0) * 2 > w.length).length; // over half letters
  const ideographs = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return tokens + Math.floor(ideographs / 2);
}

/** Whether one side's parts read as a column of prose rather than labels, values or figures. */
function proseStack(parts: Part[], regionWidth: number): boolean {
  if (parts.length < MIN_STACK_LINES) return false;
  const x0 = minOf(parts.map((p) => p.x0)), x1 = maxOf(parts.map((p) => p.x1));
  const width = x1 - x0;
  if (width < MIN_STACK_WIDTH * regionWidth) return false;
  const filled = parts.filter((p) => p.x1 - p.x0 >= FILL * width).length;
  if (filled < Math.max(2, MIN_FILLED_SHARE * parts.length)) return false; // two full lines at least
  const words = parts.reduce((n, p) => n + wordCount(p.text), 0);
  return words >= MIN_WORDS * parts.length;
}

/** Whether elements [start, end) are two prose stacks either side of the gutter. */
function isColumnPart(els: readonly Element[], start: number, end: number, g: Span): boolean {
  const lines = els.slice(start, end).flatMap((e) => (e.line ? [e.line] : []));
  const left = lines.flatMap((l) => sidePart(l, g, 'left') ?? []);
  const right = lines.flatMap((l) => sidePart(l, g, 'right') ?? []);
  const x0 = minOf(left.map((p) => p.x0)), x1 = maxOf(right.map((p) => p.x1));
  // Monospace on both sides is code keeping its own layout (an option list in
  // a code block); a code block in one of two prose columns is not.
  const mono = (parts: Part[]) => parts.filter((p) => p.mono).length * 2 > parts.length; // over half the parts
  if (mono(left) && mono(right)) return false;
  return proseStack(left, x1 - x0) && proseStack(right, x1 - x0);
}

/** Whether enough lines in [start, end) have text on each side of the gutter (cheap: no text is read). */
function bothSides(els: readonly Element[], start: number, end: number, g: Span): boolean {
  let left = 0, right = 0;
  for (let k = start; k < end && (left < MIN_STACK_LINES || right < MIN_STACK_LINES); k++) {
    const e = els[k]!;
    if (!e.line) continue;
    if (e.spans.some((s) => s.x1 <= g.x0)) left++;
    if (e.spans.some((s) => s.x0 >= g.x1)) right++;
  }
  return left >= MIN_STACK_LINES && right >= MIN_STACK_LINES;
}

/**
 * Finds the two-column parts among y-ordered page elements. A window grows
 * from each start while some strip inside the text area's middle stays empty;
 * when it can grow no more, it is a part if its two sides are prose stacks.
 */
export function findColumnRegions(els: readonly Element[]): ColumnRegion[] {
  const text = els.filter((e) => e.line);
  if (text.length < 2 * MIN_STACK_LINES) return []; // both stacks' lines
  const left = minOf(text.map((e) => e.box.x0)), right = maxOf(text.map((e) => e.box.x1));
  // A gutter lies inside the text area, away from its margins (ragged right edges, page numbers).
  const middle: Span = { x0: left + 0.2 * (right - left), x1: right - 0.2 * (right - left) };
  const regions: ColumnRegion[] = [];
  let steps = 0;
  for (let i = 0; i < els.length && steps < MAX_STEPS;) {
    let free: Span[] = [middle];
    let j = i;
    for (; j < els.length; j++, steps++) {
      const next = subtract(free, els[j]!.spans);
      if (next.length === 0) break;
      free = next;
    }
    steps += j - i;
    const g = j - i >= MIN_STACK_LINES ? free.find((f) => bothSides(els, i, j, f) && isColumnPart(els, i, j, f)) : undefined;
    if (g) {
      regions.push({ start: i, end: j, gutter: g });
      i = j;
    } else i++;
  }
  return regions;
}
