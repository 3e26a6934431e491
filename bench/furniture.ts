/**
 * Counts running headers/footers and page numbers left in a prediction.
 * score.py barely sees them (a few short lines cost little NID), yet a reader
 * sees "Page 3 of 12" in the middle of a paragraph. The regexes are generic
 * page furniture, not this corpus's exact strings; a line also present in the
 * ground truth is never counted, so a real "1/2" in a table is not furniture.
 */

const PAGE_PATTERNS: readonly RegExp[] = [
  /\bpage\s+\d+\s*(of|\/)\s*\d+\b/i, // "Page 3 of 12", "page 3/12" (office, html-2col)
  /^\d{1,4}\s*\/\s*\d{1,4}$/, // "3/12" alone (browser print footer)
  /^\d{1,2}\/\d{1,2}\/\d{2,4},?\s+\d{1,2}:\d{2}(\s*[ap]m)?\b/i, // print date-time header
  /^(https?|file):\/\/\S+(\s+\d{1,4}\s*\/\s*\d{1,4})?$/i, // page URL footer, maybe with "n/N"
];

/** Strips Markdown decoration a converter may wrap around furniture (`**12**`, `# Page 1 of 2`, `| 3/4 |`). */
export function bareLine(line: string): string {
  return line
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s*(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+(?=\D))/, '')
    .replace(/[*_`|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export type FurnitureCount = { pageLines: number; repeatedLines: number };

/**
 * Page-furniture lines, plus "repeated" lines: a line of 4+ characters that
 * occurs on most pages (at least 3 times) more often in the prediction than in the
 * ground truth (a running title or package name on every page).
 */
export function countFurniture(prediction: string, groundTruth: string, pages: number): FurnitureCount {
  const gtCounts = lineCounts(groundTruth);
  const predCounts = lineCounts(prediction);
  const minRepeats = repeatThreshold(pages);
  let pageLines = pageNumberLines(predCounts, gtCounts, pages);
  let repeatedLines = 0;
  for (const [line, n] of predCounts) {
    const inGt = gtCounts.get(line) ?? 0;
    if (PAGE_PATTERNS.some((re) => re.test(line))) pageLines += Math.max(0, n - inGt);
    else if (line.length >= 4 && /\p{L}/u.test(line) && n - inGt >= minRepeats) repeatedLines += n - inGt;
  }
  return { pageLines, repeatedLines };
}

/**
 * Bare numbers ("12", "- 12 -") are page numbers only when they look like a
 * numbering: values within 1..pages covering at least half the pages. A lone
 * "3" from a table cell broken onto its own line does not.
 */
function pageNumberLines(pred: Map<string, number>, gt: Map<string, number>, pages: number): number {
  const values = new Map<number, number>();
  for (const [line, n] of pred) {
    const m = /^[-–—]?\s*(\d{1,4})\s*[-–—]?$/.exec(line);
    const extra = n - (gt.get(line) ?? 0);
    const v = Number(m?.[1]);
    if (m && extra > 0 && v >= 1 && v <= pages) values.set(v, (values.get(v) ?? 0) + extra);
  }
  if (pages < 2 || values.size < pages / 2) return 0;
  return [...values.values()].reduce((a, b) => a + b, 0);
}

function lineCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const raw of text.split('\n')) {
    const line = bareLine(raw);
    if (line) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return counts;
}

/** How many repeats make a running header: most pages of the document, at least 3. */
function repeatThreshold(pages: number): number {
  return Math.max(3, Math.ceil(pages * 0.6));
}
