/**
 * Stage `furniture`: drops running headers, footers and page numbers. A line
 * near the top or bottom edge is furniture when its text, with digits
 * normalised, recurs at a similar height on a good share of the pages, or when
 * it is the outermost line and looks like a page number, a date or a URL.
 */
import type { Line, Page } from '../model.ts';
import type { Stage } from '../stage.ts';
import { lineFontSize, lineText, unionBox } from '../geometry.ts';
import { bodySize } from './headings.ts';
import { lineNumberRuns } from './line-numbers.ts';

/** Share of the page height, from either edge, where furniture lives. */
const BAND = 0.12;
/** Lines this many points apart vertically still count as "the same place". */
const Y_TOLERANCE = 8;

const PAGE_NUMBER = /^(?:page\s*)?[-–—(]?\s*\d{1,5}\s*[-–—)]?(?:\s*(?:of|\/|de|von)\s*\d{1,5})?$/i;
const ROMAN = /^[ivxlcdm]{1,7}$/i;
const DATE = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?)?$/i;
const PRINT_STAMP = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4},?\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s/i;
const URL = /^(?:https?:\/\/|www\.)\S+$/i;

/** Text with digits folded and spacing collapsed, so "Page 3 of 9" matches "Page 4 of 9". */
export function furnitureKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** True for text that is furniture on its own when it sits at a page edge. */
export function looksLikeFurniture(text: string): boolean {
  const t = text.trim();
  if (t === '') return true;
  if (PAGE_NUMBER.test(t) || ROMAN.test(t) || DATE.test(t) || URL.test(t)) return true;
  // A print timestamp leading the line ("11/22/26, 4:20 AM  Title"): a browser's print header.
  if (PRINT_STAMP.test(t)) return true;
  // "http://host/page.html 3/12": a URL with a page counter, as browsers print.
  const parts = t.split(/\s{1,}/);
  return parts.length <= 4 && parts.every((p) => PAGE_NUMBER.test(p) || DATE.test(p) || URL.test(p) || /^\d{1,2}:\d{2}(?:\s*[ap]m)?$/i.test(p) || /^[ap]m$/i.test(p));
}

type Candidate = { page: number; line: Line; edge: 'top' | 'bottom'; key: string; y: number; outermost: boolean; large: boolean };

function candidates(page: Page, maxSize: number): Candidate[] {
  const h = page.height || Math.max(0, ...page.lines.map((l) => l.box.y1));
  const sorted = [...page.lines].sort((a, b) => a.box.y0 - b.box.y0);
  const out: Candidate[] = [];
  sorted.forEach((line, i) => {
    const top = line.box.y1 <= h * BAND;
    const bottom = line.box.y0 >= h * (1 - BAND);
    if (!top && !bottom) return;
    const edge = top ? 'top' : 'bottom';
    const y = top ? line.box.y0 : h - line.box.y1;
    const outermost = top ? i <= 1 : i >= sorted.length - 2;
    // Running headers are small print; a large line that repeats at the top is a heading.
    const large = lineFontSize(line) > maxSize;
    out.push({ page: page.number, line, edge, key: `${edge}|${furnitureKey(lineText(line))}`, y, outermost, large });
  });
  return out;
}

/** Finds the furniture lines of the whole document. */
export function findFurniture(pages: Page[], minShare: number): Set<Line> {
  const maxSize = 1.3 * (bodySize(pages.flatMap((p) => p.lines)) || Infinity);
  const all = pages.flatMap((p) => candidates(p, maxSize));
  const repeatable = all.filter((c) => !c.large);
  const byKey = new Map<string, Candidate[]>();
  for (const c of repeatable) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  const found = new Set<Line>();
  const need = Math.max(2, Math.ceil(minShare * Math.min(pages.length, 8)));
  for (const group of byKey.values()) {
    const ys = group.map((c) => c.y).sort((a, b) => a - b);
    const mid = ys[ys.length >> 1]!;
    const near = group.filter((c) => Math.abs(c.y - mid) <= Y_TOLERANCE);
    const onPages = new Set(near.map((c) => c.page)).size;
    if (pages.length > 1 && onPages >= need) near.forEach((c) => found.add(c.line));
  }
  for (const c of all) if (c.outermost && looksLikeFurniture(lineText(c.line))) found.add(c.line);
  return found;
}

/** The page's lines without its margin line numbers (line-numbers.ts); a line left empty goes. */
function withoutLineNumbers(page: Page): Page {
  const numbers = lineNumberRuns(page);
  if (numbers.size === 0) return page;
  const lines = page.lines.flatMap((l) => {
    const runs = l.runs.filter((r) => !numbers.has(r));
    if (runs.length === l.runs.length) return [l];
    if (runs.length === 0) return [];
    runs[0] = { ...runs[0]!, text: runs[0]!.text.replace(/^\s+/, '') };
    return [{ runs, box: unionBox(runs.map((r) => r.box)) }];
  });
  return { ...page, lines };
}

/** Removes running headers, footers, page numbers and margin line numbers. */
export const furniture: Stage = {
  name: 'furniture',
  run(doc, cfg) {
    const pages = doc.pages.map(withoutLineNumbers);
    const drop = findFurniture(pages, cfg.furnitureMinShare);
    if (drop.size === 0 && pages.every((p, i) => p === doc.pages[i])) return doc;
    return { ...doc, pages: pages.map((p) => ({ ...p, lines: p.lines.filter((l) => !drop.has(l)) })) };
  },
};
