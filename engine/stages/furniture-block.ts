/**
 * A running header or footer of a few lines in small print, set past the
 * furniture band but apart from the text: a conference's notice of two lines
 * above the foot of every page ("Intended for submission to …" / "© 2022,
 * …"). Lines of the text itself are no such block: they are set in the body
 * size, or run on into the text at its leading. Footnotes are small print
 * apart from the text too, but they do not recur at one height, page after
 * page, with the same words. (A block of any size took
 * lines of text that stood alone between paragraph gaps: "Properties:",
 * "Syntax:".)
 */
import { lineFontSize, lineText } from '../geometry.ts';
import type { Line } from '../model.ts';

/** Lines a header or footer block has at most. */
const MAX_BLOCK_LINES = 3;
/** A block's lines are set this much smaller than the body at least: small print. */
const SMALL_PRINT = 0.9;
/** A word of two letters. */
const WORDS = /\p{L}{2}/u;

/** The page's bands, the separation in ems (furniture.ts), and the document's body size. */
export type BlockBounds = { band: number; folioBand: number; sepEm: number; bodySize: number };

/** The small-print block at the top (`fromTop`) or bottom edge of `sorted` (lines by their tops), or none. */
export function smallPrintBlock(sorted: readonly Line[], height: number, fromTop: boolean, b: BlockBounds): Line[] {
  const n = sorted.length;
  const at = (k: number): Line => sorted[fromTop ? k : n - 1 - k]!;
  const within = (l: Line, share: number): boolean => (fromTop ? l.box.y1 <= height * share : l.box.y0 >= height * (1 - share));
  const gap = (outer: Line, inner: Line): number => (fromTop ? inner.box.y0 - outer.box.y1 : outer.box.y0 - inner.box.y1);
  let k = 0;
  while (k < n && within(at(k), b.band)) k++;
  const block: Line[] = [];
  for (; k < n; k++) {
    const line = at(k), outer = k > 0 ? at(k - 1) : undefined;
    // Apart from the lines before it: the block ends there; the first line apart from the band's is text.
    if (outer && gap(outer, line) >= b.sepEm * lineFontSize(block.length ? outer : line)) return block;
    const small = lineFontSize(line) <= SMALL_PRINT * b.bodySize;
    // Words, not a bare number: a footnote's mark on a line of its own is small print apart from the text too.
    if (!small || !WORDS.test(lineText(line)) || !within(line, b.folioBand) || block.length === MAX_BLOCK_LINES) return [];
    block.push(line);
  }
  return block;
}
