/**
 * Puts a page's OCR reading in place of its text layer, as far as its
 * confidence allows (see ocr-confidence.ts): every stage for a sure reading,
 * plain paragraphs for an unsure one, nothing for a reading that is mostly
 * invented. The last two leave a warning naming the page, so the caller can
 * tell the user what was not read.
 */
import type { Page } from '../model.ts';
import type { OcrMode } from '../types.ts';
import { ocrTrust, plainParagraphs } from './ocr-confidence.ts';

/** What OCR gave for a page, as {@link applyOcr} needs it. */
export type OcrReading = { runs: Page['runs']; lang: string; confidence: number };

/** The page to convert after OCR, and a warning when the reading was not trusted with structure. */
export function applyOcr(page: Page, reading: OcrReading, mode: OcrMode): { page: Page; warning?: string } {
  // Auto mode keeps a poor text layer rather than replacing it with nothing.
  const fallback = mode === 'force' ? { ...page, runs: [], rules: [] } : page;
  if (reading.runs.length === 0) return { page: fallback };
  const trust = ocrTrust(reading.confidence);
  const why = `page ${page.number}: mean OCR word confidence ${Math.round(reading.confidence)} (${reading.lang})`;
  if (trust === 'structure') return { page: { ...page, runs: reading.runs, rules: [] } };
  if (trust === 'plain') {
    return {
      page: { ...page, runs: [], rules: [], lines: [], blocks: plainParagraphs(reading.runs, page) },
      warning: `ocr_low_confidence: ${why}; read as plain paragraphs`,
    };
  }
  return { page: fallback, warning: `ocr_unreadable: ${why}; OCR text omitted` };
}
