/**
 * OCR for one conversion: the OCR module (engine/ocr, tesseract.js) is loaded
 * and its workers started only when the first page needs them, reused for the
 * following pages, and stopped when the document is done.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { OcrEngines, OcrPageResult, OcrWhen } from '../ocr/ocr-page.ts';

/** Lazily started OCR workers bound to one conversion; `recognise` is null when `when` found nothing to read. */
export type OcrSession = { recognise(page: PDFPageProxy, when: OcrWhen): Promise<OcrPageResult | null>; close(): Promise<void> };

/** Creates a session; nothing is loaded until `recognise` is first called. */
export function ocrSession(): OcrSession {
  let engines: OcrEngines | null = null;
  let mod: Promise<typeof import('../ocr/ocr-page.ts')> | null = null;
  return {
    async recognise(page, when) {
      mod ??= import('../ocr/ocr-page.ts');
      const m = await mod;
      engines ??= m.ocrEngines();
      return m.ocrPageWhen(page, when, { engines });
    },
    async close() {
      await engines?.terminate();
    },
  };
}
