/**
 * OCR for one conversion: the OCR module (engine/ocr, tesseract.js) is loaded
 * and its workers started only when the first page needs them, reused for the
 * following pages, and stopped when the document is done.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { OcrEngines, OcrPageResult } from '../ocr/ocr-page.ts';

/** Lazily started OCR workers bound to one conversion. */
export type OcrSession = { recognise(page: PDFPageProxy): Promise<OcrPageResult>; close(): Promise<void> };

/** Creates a session; nothing is loaded until `recognise` is first called. */
export function ocrSession(): OcrSession {
  let engines: OcrEngines | null = null;
  let mod: Promise<typeof import('../ocr/ocr-page.ts')> | null = null;
  return {
    async recognise(page) {
      mod ??= import('../ocr/ocr-page.ts');
      const m = await mod;
      engines ??= m.ocrEngines();
      return m.ocrPage(page, { engines });
    },
    async close() {
      await engines?.terminate();
    },
  };
}
