/**
 * Puts the OCR readings of a page's regions of glyphs without text
 * (extract/unmapped-glyphs.ts) where those glyphs were, as far as their
 * confidence allows (ocr-confidence.ts): a reading that is mostly invented is
 * left out with a warning naming the page, as for a whole page. A region's
 * words join the page's runs and go through the stages with them; the rest
 * of the page keeps its text layer.
 */
import type { Page } from '../model.ts';
import { ocrTrust } from './ocr-confidence.ts';
import type { OcrRegionResult } from './ocr-region.ts';

/** The page with the regions' words added, and a warning for each reading left out. */
export function applyRegionOcr(page: Page, readings: readonly OcrRegionResult[]): { page: Page; warnings: string[] } {
  const warnings: string[] = [];
  const runs = [...page.runs];
  for (const reading of readings) {
    if (reading.runs.length === 0) continue;
    if (ocrTrust(reading.confidence) === 'omit') {
      const why = `mean OCR word confidence ${Math.round(reading.confidence)} (${reading.lang})`;
      warnings.push(`ocr_unreadable: page ${page.number}: a region of glyphs without text: ${why}; OCR text omitted`);
      continue;
    }
    runs.push(...reading.runs);
  }
  return { page: runs.length === page.runs.length ? page : { ...page, runs }, warnings };
}
