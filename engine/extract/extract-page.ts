/**
 * One PDF page → one model Page: text runs with links, and table rules where
 * the text suggests a table. Lines and blocks are filled by the stages.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page, Rule } from '../model.ts';
import { applyLinks, extractLinks, type LinkReader } from './links.ts';
import { extractPageRuns } from './page-runs.ts';
import { markInvisibleRuns } from './pdfjs-hidden.ts';

/** Whether the page (by object reference) may set an invisible render mode (pdfjs-hidden.ts invisibleModeHint). */
export type InvisibleModeHint = (ref: PageRef | null) => boolean;
/** The keys of the fonts without text the page (by object reference) uses (pdfjs-unmapped.ts unmappedFontHint). */
export type UnmappedFontHint = (ref: PageRef | null) => ReadonlySet<string>;
import type { DocumentFonts } from './document-fonts.ts';
import type { PageRef } from './lazy-objects.ts';
import { extractRules } from '../tables/extract-rules.ts';
import { pageMayHaveRuledTable } from '../tables/table-gate.ts';
import { dominantTurn, turnedSize, turnRuns, turnRules } from './page-turn.ts';

/** Extracts text runs and links of a page; `readLinks` should be the document's linkReader (pdf.js alone is slow). */
export async function extractPage(
  page: PDFPageProxy, number: number, fonts: DocumentFonts, readLinks: LinkReader = extractLinks,
  mayHide: InvisibleModeHint = () => false, unmapped: UnmappedFontHint = () => new Set(),
): Promise<Page> {
  const vp = page.getViewport({ scale: 1 });
  const { runs: first, alts, cells, items } = await extractPageRuns(page, number, fonts, unmapped(page.ref));
  let read = first;
  // Text in render mode 3 or 7 (pdfjs-hidden.ts): only pages whose content sets one pay for the operator list.
  if (read.length && mayHide(page.ref)) read = await markInvisibleRuns(page, read).catch(() => read);
  const links = read.length ? await readLinks(page) : [];
  // Sideways text is read in its own direction (page-turn.ts); the table gate then sees upright rows.
  const turn = dominantTurn(read);
  const { width, height } = turnedSize(turn, vp.width, vp.height);
  const runs = turnRuns(applyLinks(read, links), turn, vp.width, vp.height);
  // Rules need the operator list (slow), so only pages whose text hints at a table pay for it.
  let rules: Rule[] = [];
  if (pageMayHaveRuledTable(runs, width)) {
    if (fonts.hasProvisional(runs)) {
      // The gate reads monospace; fonts it only guessed are worth a second look, and the
      // operator list fetched for them is the one extractRules would fetch anyway (pdf.js caches it).
      await page.getOperatorList().catch(() => undefined);
      fonts.collect(page);
      fonts.restyle(runs);
    }
    if (pageMayHaveRuledTable(runs, width)) rules = turnRules(await extractRules(page, vp.height).catch(() => []), turn, vp.width, vp.height);
  }
  return { number, width, height, runs, rules, lines: [], blocks: [], ...(alts.length ? { figureAlts: alts } : {}), ...(cells.length ? { treeCells: cells } : {}), ...(items.length ? { treeItems: items } : {}) };
}
