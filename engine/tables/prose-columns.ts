/**
 * Pages set in three columns of prose or more (newspapers, LaTeX's
 * multicols; issue 19, class 2). Where one column's paragraph spacing shifts
 * its baselines off the others', a line of one column meets lines of the
 * next only now and then, and a few such meetings, a justified line's wide
 * word spaces among them, looked like two rows of a table of sentence
 * fragments. layout-gutter.ts finds the gutter of two columns; with three,
 * each side of any one gutter holds a further one, so it finds none.
 *
 * Here the gutters are the strips that nearly no line's text crosses, at
 * least a column gap wide, with text on both sides. When there are two or
 * more and every column between them is prose (most of its lines carry
 * several words, few break into pieces the way rows break into cells), the
 * columns are searched for tables one by one, as a two-column page is.
 */
import type { Line } from '../model.ts';
import { lineChunks, type Chunk } from './chunks.ts';
import { crossings, MAX_CROSSING_SHARE, type Gutter } from './layout-gutter.ts';
import { MIN_COLUMNS, MIN_GUTTER_LINES } from './measures.ts';
import { isJustifiedRow } from './justified-rows.ts';
import { maxOf, minOf } from '../numbers.ts';

/** Width (ems) of a strip between columns at least: a column gap, wider than the word spaces nearly every line fills. */
const MIN_GAP_EM = 1;
/** Width (ems) of a column of prose at least: narrower columns of words are a table's. */
const MIN_COLUMN_EM = 10;
/** Share of the page's lines a column carries text on at least. */
const MIN_COLUMN_SHARE = 0.2;
/** Words with letters a line of running text holds at least. */
const LINE_WORDS = 4;
/** Share of a column's lines that are running text, at least (short last lines of paragraphs and headings are not). */
const PROSE_LINE_SHARE = 0.6;
/** Share of a column's lines that may break into pieces other than a justified line's words, as rows break into cells. */
const MAX_SPLIT_SHARE = 0.4;

/** Whether pieces of a line are a justified line's words. */
const justifiedLine = (pieces: readonly Chunk[]): boolean => isJustifiedRow(pieces.flatMap((c) => c.runs).filter((r) => r.text.trim() !== ''));

/** Letter-bearing words of a chunk. */
function words(c: Chunk): number {
  let n = 0;
  for (const r of c.runs) for (const w of r.text.split(/\s+/)) if (/\p{L}/u.test(w)) n++;
  return n;
}

/** The strips (ascending) between lo and hi that at most `limit` chunks cross, each narrowed to its least-crossed part. */
function strips(counts: readonly number[], lo: number, limit: number, minWidth: number): Gutter[] {
  const out: Gutter[] = [];
  for (let i = 0; i < counts.length; ) {
    if (counts[i]! > limit) { i++; continue; }
    let j = i;
    while (j + 1 < counts.length && counts[j + 1]! <= limit) j++;
    // A strip at the text's left or right end has text on one side only: a margin, not a gutter.
    if (i > 0 && j < counts.length - 1 && j - i >= minWidth) {
      const least = minOf(counts.slice(i, j + 1));
      let a = i;
      while (counts[a] !== least) a++;
      let b = a;
      while (b + 1 <= j && counts[b + 1] === least) b++;
      out.push({ x0: lo + a, x1: lo + b });
    }
    i = j + 1;
  }
  return out;
}

/** Whether the chunks of the lines that lie between x0 and x1 read as a column of prose; see the module comment. */
function proseColumn(byLine: readonly Chunk[][], x0: number, x1: number, lineCount: number, em: number): boolean {
  let lines = 0, running = 0, split = 0, left = Infinity, right = -Infinity;
  for (const chunks of byLine) {
    const inside = chunks.filter((c) => c.box.x0 >= x0 && c.box.x1 <= x1);
    if (!inside.length) continue;
    lines++;
    if (inside.length >= MIN_COLUMNS && !justifiedLine(inside)) split++;
    let n = 0;
    for (const c of inside) n += words(c);
    if (n >= LINE_WORDS) running++;
    left = Math.min(left, inside[0]!.box.x0);
    right = Math.max(right, inside[inside.length - 1]!.box.x1);
  }
  return lines >= MIN_COLUMN_SHARE * lineCount && right - left >= MIN_COLUMN_EM * em
    && running >= PROSE_LINE_SHARE * lines && split <= MAX_SPLIT_SHARE * lines;
}

/** The gutters (ascending) of a page set in three columns of prose or more, or null; see the module comment. */
export function proseColumnGutters(lines: readonly Line[], em: number): Gutter[] | null {
  if (lines.length < MIN_GUTTER_LINES || em <= 0) return null;
  const byLine = lines.map((l) => lineChunks(l));
  const lo = Math.floor(minOf(byLine.map((cs) => cs[0]?.box.x0 ?? Infinity)));
  const hi = Math.ceil(maxOf(byLine.map((cs) => cs[cs.length - 1]?.box.x1 ?? -Infinity)));
  if (!(hi - lo > 0)) return null;
  const gutters = strips(crossings(byLine, lo, hi), lo, lines.length * MAX_CROSSING_SHARE, MIN_GAP_EM * em);
  // Two columns are layout-gutter.ts's to find.
  if (gutters.length < 2) return null; // one gutter: two columns
  const edges = [lo, ...gutters.flatMap((g) => [g.x0, g.x1]), hi];
  for (let k = 0; k < edges.length; k += 2) { // edges pair up: a column's left edge, then its right one
    if (!proseColumn(byLine, edges[k]!, edges[k + 1]!, lines.length, em)) return null;
  }
  return gutters;
}
