/**
 * OCR for one conversion: the OCR module (engine/ocr, tesseract.js) is loaded
 * and its workers started only when the first page needs them, reused for the
 * following pages, and stopped when the document is done.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box } from '../model.ts';
import type { OcrEngines, OcrPageResult, OcrWhen } from '../ocr/ocr-page.ts';
import type { OcrRegionResult } from '../ocr/ocr-region.ts';

/**
 * Lazily started OCR workers bound to one conversion; `recognise` is null
 * when `when` found nothing to read. `recogniseRegion` reads one region of a
 * page (`em`: the size of the type there, in points; see ocr-region.ts).
 */
export type OcrSession = {
  recognise(page: PDFPageProxy, when: OcrWhen): Promise<OcrPageResult | null>;
  recogniseRegion(page: PDFPageProxy, box: Box, em: number): Promise<OcrRegionResult>;
  close(): Promise<void>;
};

/** Creates a session; nothing is loaded until `recognise` is first called. */
export function ocrSession(): OcrSession {
  let engines: OcrEngines | null = null;
  let mod: Promise<typeof import('../ocr/ocr-page.ts')> | null = null;
  let regions: Promise<typeof import('../ocr/ocr-region.ts')> | null = null;
  const started = async () => {
    mod ??= import('../ocr/ocr-page.ts');
    const m = await mod;
    engines ??= m.ocrEngines();
    return { m, engines };
  };
  return {
    async recognise(page, when) {
      const { m, engines: e } = await started();
      return m.ocrPageWhen(page, when, { engines: e });
    },
    async recogniseRegion(page, box, em) {
      const { engines: e } = await started();
      regions ??= import('../ocr/ocr-region.ts');
      return (await regions).ocrRegion(page, box, em, e);
    },
    async close() {
      await engines?.terminate();
    },
  };
}
