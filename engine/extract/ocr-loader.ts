/**
 * Optional OCR: engine/ocr is a separate module that may be absent. It is
 * loaded on first need; when missing, OCR requests degrade to a warning.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextRun } from '../model.ts';

/** The OCR entry point engine/ocr/ocr-page.ts exports. */
export type OcrPage = (page: PDFPageProxy, opts: Record<string, unknown>) => Promise<TextRun[]>;

let cached: Promise<OcrPage | null> | null = null;

/** Resolves the OCR function, or null when the OCR module is not installed. */
export function loadOcr(): Promise<OcrPage | null> {
  // A computed specifier keeps the type checker from requiring the module to exist.
  const spec = '../ocr/ocr-page.ts';
  cached ??= import(spec)
    .then((m: { ocrPage?: OcrPage }) => (typeof m.ocrPage === 'function' ? m.ocrPage : null))
    .catch(() => null);
  return cached;
}
