/**
 * Lines set with a page's furniture though they lie past its band, apart
 * from the text. From the first line past the band inward, each lies in the
 * folio band and stands closer than the separation to the line before it
 * (the first, to the band's lines if there are any), until a gap of the
 * separation or more sets the block apart from the text. Two shapes of
 * block count:
 * - one line of any size: a running header set lower than the band (a book
 *   class on A4), or a header's last line under its folio (a slide's);
 * - up to three lines in small print, each with words: a conference's notice
 *   of two lines above the foot of every page ("Intended for submission to
 *   …" / "© 2022, …").
 *
 * Lines of the text itself are neither: they run on into the text at its
 * leading, or, standing alone between paragraph gaps ("Properties:",
 * "Syntax:"), are one line in the body size, which only recurring at one
 * height page after page would make furniture. A block of any size and
 * length took such lines. Footnotes are small print apart from the text too,
 * but they do not recur at one height with the same words, and a footnote's
 * bare mark on a line of its own has no words.
 */
import { lineFontSize, lineText } from '../geometry.ts';
import type { Line } from '../model.ts';

/** Lines a small-print block has at most. */
const MAX_SMALL_PRINT_LINES = 3;
/** A small-print block's lines are set this much smaller than the body at least. */
const SMALL_PRINT = 0.9;
/** A word of two letters. */
const WORDS = /\p{L}{2}/u;

/** The page's bands (shares of its height from either edge), the separation in ems (furniture.ts), and the body size. */
export type EdgeBounds = { band: number; folioBand: number; sepEm: number; bodySize: number };

/** What a block may hold: how many lines at most, and what each line must be. */
type Shape = { maxLines: number; fits(line: Line): boolean };

/** The block of `shape` at the top (`fromTop`) or bottom edge of `sorted` (lines by their tops), or none. */
function edgeBlock(sorted: readonly Line[], height: number, fromTop: boolean, b: EdgeBounds, shape: Shape): Line[] {
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
    if (!shape.fits(line) || !within(line, b.folioBand) || block.length === shape.maxLines) return [];
    block.push(line);
  }
  return block;
}

/** The lines set with the furniture past the band at the top (`fromTop`) or bottom edge of `sorted`. */
export function edgeLines(sorted: readonly Line[], height: number, fromTop: boolean, b: EdgeBounds): Set<Line> {
  const one = edgeBlock(sorted, height, fromTop, b, { maxLines: 1, fits: () => true });
  const smallPrint = edgeBlock(sorted, height, fromTop, b, {
    maxLines: MAX_SMALL_PRINT_LINES,
    fits: (l) => lineFontSize(l) <= SMALL_PRINT * b.bodySize && WORDS.test(lineText(l)),
  });
  return new Set([...one, ...smallPrint]);
}
