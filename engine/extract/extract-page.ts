/**
 * One PDF page → one model Page (runs with links; rules and lines are filled
 * by later steps).
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from '../model.ts';
import { applyLinks, extractLinks } from './links.ts';
import { extractPageRuns, type FontCache } from './page-runs.ts';

/** Extracts text runs and links of a page. */
export async function extractPage(page: PDFPageProxy, number: number, fonts: FontCache): Promise<Page> {
  const vp = page.getViewport({ scale: 1 });
  const runs = await extractPageRuns(page, fonts);
  const links = runs.length ? await extractLinks(page) : [];
  return { number, width: vp.width, height: vp.height, runs: applyLinks(runs, links), rules: [], lines: [], blocks: [] };
}
