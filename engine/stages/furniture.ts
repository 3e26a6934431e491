/**
 * Stage `furniture`: drops running headers, footers and page numbers. A line
 * near the top or bottom edge is furniture when its text, with digits
 * normalised, recurs at a similar height on a good share of the pages, or when
 * it is the outermost line and looks like a page number, a date or a URL.
 */
import type { Box, Line, Page, TextRun } from '../model.ts';
import type { Stage } from '../stage.ts';
import { lineFontSize, lineText, runShare, unionOf } from '../geometry.ts';
import { bodySize } from './headings.ts';
import { lineNumberRuns } from './line-numbers.ts';
import { edgeTableRows } from '../tables/edge-rows.ts';
import { textGridBoxes } from '../tables/grid-gate.ts';
import { centreIn } from '../tables/table-parts.ts';
import { HALF } from '../tables/measures.ts';
import { forgetChunks, lineChunks } from '../tables/chunks.ts';
import { asciiDigits, countsPages, furnitureKey, recurringGroups } from './furniture-key.ts';
import { sideHeadRuns } from './side-heads.ts';
import { edgeLines } from './furniture-edge.ts';
import { watermarkRuns } from './watermarks.ts';

export { furnitureKey };

/** Share of the page height, from either edge, where furniture lives. */
const BAND = 0.12;
/**
 * A bare page number may sit further in, up to this share of the page height
 * from the edge, when it is the outermost line: LaTeX's default A4 layout puts
 * the folio about 0.125 of the height above the bottom edge.
 */
const FOLIO_BAND = 0.2;

const PAGE_NUMBER = /^(?:page\s*)?[-–—(]?\s*\d{1,5}\s*[-–—)]?(?:\s*(?:of|\/|de|von)\s*\d{1,5})?$/i;
const ROMAN = /^[ivxlcdm]{1,7}$/i;
const DATE = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?)?$/i;
const PRINT_STAMP = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4},?\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s/i;
const URL = /^(?:https?:\/\/|www\.)\S+$/i;

/** True for a bare page number ("5", "- 5 -", "Page 5 of 9", "v", "٥"). */
export function isFolio(text: string): boolean {
  const t = asciiDigits(text.trim());
  return t !== '' && (PAGE_NUMBER.test(t) || ROMAN.test(t));
}

/** Parts (space-separated) a URL-and-counter or timestamp line has at most: a URL, a counter, a date, a time. */
const MAX_STAMP_PARTS = 4;

/** True for text that is furniture on its own when it sits at a page edge. */
export function looksLikeFurniture(text: string): boolean {
  const t = asciiDigits(text.trim());
  if (t === '') return true;
  if (isFolio(t) || DATE.test(t) || URL.test(t)) return true;
  // A print timestamp leading the line ("11/22/26, 4:20 AM  Title"): a browser's print header.
  if (PRINT_STAMP.test(t)) return true;
  // "http://host/page.html 3/12": a URL with a page counter, as browsers print.
  const parts = t.split(/\s{1,}/);
  return parts.length <= MAX_STAMP_PARTS && parts.every((p) => PAGE_NUMBER.test(p) || DATE.test(p) || URL.test(p) || /^\d{1,2}:\d{2}(?:\s*[ap]m)?$/i.test(p) || /^[ap]m$/i.test(p));
}

type Candidate = {
  page: number;
  line: Line;
  edge: 'top' | 'bottom';
  key: string;
  y: number;
  outermost: boolean;
  large: boolean;
  /**
   * Outside the furniture band, in the folio band: a bare page number there
   * is furniture, and an edge line recurring there.
   */
  folioOnly: boolean;
  /** One of the lines set with the furniture past the band at its edge (furniture-edge.ts). */
  edgeLine: boolean;
  /** It stands apart from the next line inward (HEAD_SEP_EM), as a header or footer stands apart from the text. */
  apart: boolean;
  /** Keyed by the first or last of its parts set apart by wide gaps, not by its whole text (furniturePart). */
  part: boolean;
};

/** Letters a part of a line holds at least to key it: a bare number recurs at every page's foot (footnote marks). */
const PART_LETTERS = 3;

/**
 * The keys of a line's first and last parts, where wide gaps part it: a
 * running footer's fixed part stands apart from a part that changes from page
 * to page ("FTC 9773, Robocracy, Engineering Notebook." · "August 19-25, Task 1,
 * Page 5."), so the line as a whole recurs too rarely to show.
 */
function partKeys(line: Line): string[] {
  const chunks = lineChunks(line);
  if (chunks.length < 2) return []; // one part: the whole line is its key
  const ends = [['first', chunks[0]!], ['last', chunks[chunks.length - 1]!]] as const;
  return ends
    .map(([end, c]) => [end, c.runs.map((r) => r.text).join(' ')] as const)
    .filter(([, text]) => (text.match(/\p{L}/gu)?.length ?? 0) >= PART_LETTERS)
    .map(([end, text]) => `${end}|${furnitureKey(text)}`);
}

function candidates(page: Page, maxSize: number, body: number): Candidate[] {
  const h = page.height || Math.max(0, ...page.lines.map((l) => l.box.y1));
  const sorted = [...page.lines].sort((a, b) => a.box.y0 - b.box.y0);
  const out: Candidate[] = [];
  // Lines set with the furniture past the band, apart from the text (furniture-edge.ts).
  const bounds = { band: BAND, folioBand: FOLIO_BAND, sepEm: HEAD_SEP_EM, bodySize: body };
  const edgeTop = edgeLines(sorted, h, true, bounds), edgeBottom = edgeLines(sorted, h, false, bounds);
  // Rows of a table broken over pages repeat at the edges (a repeated header, rows alike but for digits): not furniture.
  // Rows are searched from the edge lines too (a repeated table header may open a page there), and a run of rows
  // through them goes past the band.
  const inBand = (l: Line): boolean => l.box.y1 <= h * BAND || l.box.y0 >= h * (1 - BAND);
  const rows = edgeTableRows(sorted, inBand, (l) => inBand(l) || edgeTop.has(l) || edgeBottom.has(l));
  // So are lines inside a drawn grid holding text, whose cells may sit too close for gutters to show.
  // Found only once a line at an edge asks: most lines are not.
  let grids: Box[] | undefined;
  // Every grid lies within the page's rules: a line centred outside them all is in none, and asks for no grid.
  const ruled = page.rules.length > 0 ? unionOf(page.rules) : null;
  sorted.forEach((line, i) => {
    if (rows.has(line)) return;
    const folioTop = i === 0 && line.box.y1 <= h * FOLIO_BAND;
    const folioBottom = i === sorted.length - 1 && line.box.y0 >= h * (1 - FOLIO_BAND);
    const below = sorted[i + 1], above = sorted[i - 1];
    const sep = HEAD_SEP_EM * lineFontSize(line);
    const apartBelow = !below || below.box.y0 - line.box.y1 >= sep, apartAbove = !above || line.box.y0 - above.box.y1 >= sep;
    const top = line.box.y1 <= h * BAND || folioTop || edgeTop.has(line);
    const bottom = line.box.y0 >= h * (1 - BAND) || folioBottom || edgeBottom.has(line);
    if (!top && !bottom) return;
    if (ruled && centreIn(line.box, ruled)) {
      grids ??= textGridBoxes(page.rules, page.lines.flatMap((l) => l.runs));
      if (grids.some((g) => centreIn(line.box, g))) return;
    }
    const edge = top ? 'top' : 'bottom';
    const y = top ? line.box.y0 : h - line.box.y1;
    const outermost = top ? i <= 1 : i >= sorted.length - 2; // the two lines nearest the edge
    const folioOnly = top ? line.box.y1 > h * BAND : line.box.y0 < h * (1 - BAND);
    // Running headers are small print; a large line that repeats at the top is a heading.
    const large = lineFontSize(line) > maxSize;
    const edgeLine = (top ? edgeTop : edgeBottom).has(line);
    const c = { page: page.number, line, edge, key: `${edge}|${furnitureKey(lineText(line))}`, y, outermost, large, folioOnly, edgeLine, apart: top ? apartBelow : apartAbove, part: false } as const;
    out.push(c);
    // A part of the outermost line, apart from the text, recurring as a header's or footer's fixed part.
    if (c.outermost && c.apart) for (const key of partKeys(line)) out.push({ ...c, key: `${edge}|${key}`, part: true });
  });
  return out;
}

/**
 * Ems (of the line's size) a running header or footer set in the folio band
 * stands apart from the text at least: LaTeX's headsep and footskip leave
 * about 1.5 em between the boxes, while lines of one paragraph stand a
 * fraction of an em apart. A full page's first and last lines of text sit at
 * the same height on every page, and may read alike once digits are folded
 * ("page 109." / "page 110.").
 */
const HEAD_SEP_EM = 1;

/** Body size times this is the largest a running header or footer is set; a larger line repeating is a heading. */
const MAX_SIZE_STEP = 1.3;
/** Pages a line repeats on at least to be furniture: once is no repetition. */
const MIN_REPEATS = 2;
/** Pages the share of repeats is counted over at most: a long document's header may change by chapter. */
const SAMPLE_PAGES = 8;

/** Pages a line must recur on to be furniture, in a document of `pages` pages. */
function repeatsNeeded(pages: number, minShare: number): number {
  return Math.max(MIN_REPEATS, Math.ceil(minShare * Math.min(pages, SAMPLE_PAGES)));
}

/** Finds the furniture lines of the whole document. */
export function findFurniture(pages: Page[], minShare: number): Set<Line> {
  const body = bodySize(pages.flatMap((p) => p.lines));
  const maxSize = MAX_SIZE_STEP * (body || Infinity);
  // The edge-row test chunks every line of a page; the chunks are not asked for again, so they go page by page.
  const all = pages.flatMap((p) => {
    const found = candidates(p, maxSize, body || Infinity);
    forgetChunks();
    return found;
  });
  const repeatable = all.filter((c) => !c.large && (!c.folioOnly || c.edgeLine));
  const found = new Set<Line>();
  const need = repeatsNeeded(pages.length, minShare);
  // A book's verso and recto pages carry headers of their own (authors on the left, the title on the right): a line
  // found only on pages of one parity is counted over those pages, where it stands apart from the text as headers do
  // (filler text repeated from page to page may put one line of text at one height on every other page).
  const needOneSide = repeatsNeeded(Math.floor(pages.length / 2), minShare); // the pages of one parity: half of them
  for (const { near, pages: onPages } of recurringGroups(repeatable)) {
    const oneSide = near.every((c) => c.apart && c.page % 2 === near[0]!.page % 2); // all on odd pages, or all on even
    // A header carrying the folio (a chapter's, on a few pages) counts the pages: on two pages it is furniture. A
    // listing's own page header counts them too (a report printed over pages, glpk's): code is no furniture.
    const folios = near.every((c) => c.outermost && c.apart && runShare(c.line, (r) => r.monospace) <= HALF)
      && countsPages(near.map((c) => ({ text: lineText(c.line), page: c.page })));
    if (pages.length > 1 && (onPages >= need || (oneSide && onPages >= needOneSide) || folios)) near.forEach((c) => found.add(c.line));
  }
  for (const c of all) {
    const text = lineText(c.line);
    if (c.outermost && (c.folioOnly ? isFolio(text) : looksLikeFurniture(text))) found.add(c.line);
  }
  return found;
}

/** The page's lines without the given runs; a line left empty goes. */
function withoutRuns(page: Page, drop: ReadonlySet<TextRun>): Page {
  if (drop.size === 0) return page;
  let changed = false;
  const lines = page.lines.flatMap((l) => {
    const runs = l.runs.filter((r) => !drop.has(r));
    if (runs.length === l.runs.length) return [l];
    changed = true;
    if (runs.length === 0) return [];
    runs[0] = { ...runs[0]!, text: runs[0]!.text.replace(/^\s+/, '') };
    return [{ runs, box: unionOf(runs) }];
  });
  return changed ? { ...page, lines } : page;
}

/**
 * Removes running headers, footers, page numbers and side-margin running heads
 * (unless cfg.furniture is `keep`), and margin line numbers.
 */
export const furniture: Stage = {
  name: 'furniture',
  run(doc, cfg) {
    let pages = doc.pages.map((p) => withoutRuns(p, lineNumberRuns(p)));
    if (cfg.furniture !== 'keep') {
      const side = sideHeadRuns(pages, repeatsNeeded(pages.length, cfg.furnitureMinShare), BAND);
      const marks = watermarkRuns(pages);
      pages = pages.map((p) => withoutRuns(withoutRuns(p, side), marks));
    }
    const drop = cfg.furniture === 'keep' ? new Set<Line>() : findFurniture(pages, cfg.furnitureMinShare);
    if (drop.size === 0 && pages.every((p, i) => p === doc.pages[i])) return doc;
    return { ...doc, pages: pages.map((p) => ({ ...p, lines: p.lines.filter((l) => !drop.has(l)) })) };
  },
};
