/**
 * One PDF page → one model Page: text runs with links, and table rules where
 * the text suggests a table. Lines and blocks are filled by the stages.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from '../model.ts';
import { applyLinks, extractLinks, type LinkReader } from './links.ts';
import { extractPageRuns, type FontCache } from './page-runs.ts';
import { extractRules } from '../tables/extract-rules.ts';
import { pageMayHaveRuledTable } from '../tables/table-gate.ts';

/** Extracts text runs and links of a page; `readLinks` should be the document's linkReader (pdf.js alone is slow). */
export async function extractPage(page: PDFPageProxy, number: number, fonts: FontCache, readLinks: LinkReader = extractLinks): Promise<Page> {
  const vp = page.getViewport({ scale: 1 });
  const runs = await extractPageRuns(page, fonts);
  const links = runs.length ? await readLinks(page) : [];
  // Rules need the operator list (slow), so only pages whose text hints at a table pay for it.
  const rules = pageMayHaveRuledTable(runs, vp.width) ? await extractRules(page, vp.height).catch(() => []) : [];
  return { number, width: vp.width, height: vp.height, runs: applyLinks(runs, links), rules, lines: [], blocks: [] };
}
