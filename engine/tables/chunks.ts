/**
 * Splits text lines into chunks: stretches of runs separated by less than a
 * column-sized gap (or, between two numbers, more than a word space). A
 * chunk is the unit that lands in one table cell.
 */
import type { Box, Line, TextRun } from '../model.ts';
import { OVERLAP_EM } from './measures.ts';
import { unionOf } from '../geometry.ts';
import { sortedView } from '../in-order.ts';
import { greatest } from '../numbers.ts';

/** Runs of one line close enough to belong to one cell. */
export type Chunk = { runs: TextRun[]; box: Box };

/** Gap (in ems of the larger font) that separates two chunks of one line. */
export const CHUNK_GAP_EM = 0.7;
/** Gap (ems) wider than a word space that separates two numbers placed as runs of their own. */
const NUMBER_GAP_EM = 0.4;
/** A run that is one number, amount, percentage or bracketed range (`5,989`, `45.4`, `(44.3–46.6)`). */
export const NUMERIC = /^[([]?[-+−]?[$€£]?\d[\d,.]*%?(?:[-–—]\d[\d,.]*%?)?[)\]]?$/;
/** Slack (ems) where text positions are compared: rounding and side bearings, a fifth of a character. */
export const SLACK_EM = 0.2;

/** Smallest box holding all the given boxes. */
export function union(boxes: readonly Box[]): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i]!;
    if (b.x0 < x0) x0 = b.x0;
    if (b.y0 < y0) y0 = b.y0;
    if (b.x1 > x1) x1 = b.x1;
    if (b.y1 > y1) y1 = b.y1;
  }
  return { x0, y0, x1, y1 };
}

/**
 * Whether `run` is printed over the end of `prev` rather than after it: a
 * cell's unbreakable text overflowing into the next column, whose own text
 * is placed independently. (A fake-bold double print starts where its twin
 * does, and kerning overlaps by a sliver; neither counts.)
 */
function overprints(prev: TextRun, run: TextRun, em: number): boolean {
  return run.box.x0 > prev.box.x0 + em && run.box.x0 < prev.box.x1 - OVERLAP_EM * em && !(ACCENT_END.test(prev.text) && /^\p{L}/u.test(run.text));
}

/**
 * A run ending in a spacing accent: TeX's OT1 fonts draw an accent as a
 * glyph of its own, then the letter under it (`ingl` `ˆ` over `es`), so the
 * letter's run starts inside the accent's box. An accent after a letter
 * with a letter under it is one word, not text overflowing a cell (a math
 * accent, `x ¯`, stands apart from the letter before it).
 */
const ACCENT_END = /\p{L}[\u0060\u00a8\u00af\u00b4\u00b8\u02c6\u02c7\u02d8-\u02dd]$/u;

/**
 * Whether two neighbouring runs are numbers set wider apart than a word
 * space: the cells of two columns set close together (a report's table in
 * one layout column). Numbers in running text share one run.
 */
function numbersApart(prev: TextRun, run: TextRun, gap: number, em: number): boolean {
  return gap > NUMBER_GAP_EM * em && NUMERIC.test(prev.text.trim()) && NUMERIC.test(run.text.trim());
}

const byLeft = (a: TextRun, b: TextRun): number => a.box.x0 - b.box.x0;

/**
 * The runs with text, left to right. Most lines come with their runs already
 * in that order and none blank: then the line's own array is used, unsorted
 * and uncopied (in-order.ts).
 */
function byX0(runs: readonly TextRun[]): readonly TextRun[] {
  return sortedView(runs.some((r) => r.text.trim() === '') ? runs.filter((r) => r.text.trim() !== '') : runs, byLeft);
}

// The layout-gutter search and the table detector chunk the same lines; do it once per line.
// The lines live to the end of the pipeline, so the cache is dropped after each page (forgetChunks).
let cache = new WeakMap<Line, Chunk[]>();

/** Drops the chunks cached so far: the tables stage calls it after each page, whose chunks are not asked for again. */
export function forgetChunks(): void {
  cache = new WeakMap();
}

/** Splits a line into chunks at gaps wider than `gapEm` ems, where text overprints, and between numbers set apart. */
export function lineChunks(line: Line, gapEm = CHUNK_GAP_EM): Chunk[] {
  const cached = gapEm === CHUNK_GAP_EM ? cache.get(line) : undefined;
  if (cached) return cached;
  const runs = byX0(line.runs);
  const chunks: Chunk[] = [];
  let cur: TextRun[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const prev = cur[cur.length - 1];
    const em = greatest(greatest(prev?.fontSize ?? 0, run.fontSize), 1);
    const gap = prev ? run.box.x0 - prev.box.x1 : 0;
    if (prev && (gap > gapEm * em || overprints(prev, run, em) || numbersApart(prev, run, gap, em))) {
      chunks.push({ runs: cur, box: unionOf(cur) });
      cur = [];
    }
    cur.push(run);
  }
  if (cur.length) chunks.push({ runs: cur, box: unionOf(cur) });
  if (gapEm === CHUNK_GAP_EM) cache.set(line, chunks);
  return chunks;
}

/** Horizontal centre of a box. */
export const midX = (b: Box): number => (b.x0 + b.x1) / 2;


