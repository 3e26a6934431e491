/**
 * OCR for one conversion: the OCR module (engine/ocr, tesseract.js) is loaded
 * and its worker started only when the first page needs it, reused for the
 * following pages, and stopped when the document is done.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextRun } from '../model.ts';
import type { OcrEngine } from '../ocr/ocr-page.ts';

/** A lazily started OCR worker bound to one conversion. */
export type OcrSession = { recognise(page: PDFPageProxy): Promise<TextRun[]>; close(): Promise<void> };

/** Creates a session; nothing is loaded until `recognise` is first called. */
export function ocrSession(): OcrSession {
  let engine: Promise<OcrEngine> | null = null;
  let mod: Promise<typeof import('../ocr/ocr-page.ts')> | null = null;
  return {
    async recognise(page) {
      mod ??= import('../ocr/ocr-page.ts');
      const m = await mod;
      engine ??= m.createOcrEngine('eng');
      return m.ocrPage(page, { engine: await engine });
    },
    async close() {
      if (engine) await (await engine.catch(() => null))?.terminate().catch(() => undefined);
    },
  };
}
