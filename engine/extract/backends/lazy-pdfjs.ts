/**
 * The pdf.js document of one conversion, opened on first use only: for the
 * pages the direct reader refuses, for OCR rendering, and for the rare link
 * or ink the direct reader cannot read. A document the direct reader reads
 * whole never loads pdf.js at all.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openDocument, type OpenDocument } from '../open-document.ts';

/** The lazily opened pdf.js document. */
export type LazyPdfjs = {
  /** The document, opened on the first call (throws EngineError when pdf.js cannot open it). */
  document(): Promise<PDFDocumentProxy>;
  /** Runs `fn` on page `n` and then frees the page's pdf.js state (its operator lists, fonts' page data). */
  withPage<T>(n: number, fn: (page: PDFPageProxy) => Promise<T>): Promise<T>;
  /** Whether pdf.js has been asked to open the document. */
  readonly opened: boolean;
  close(): Promise<void>;
};

/** Counts pdf.js openings in this process (tests show a born-digital document never opens it). */
export const pdfjsOpenings = { count: 0 };

/** A handle that opens `data` with pdf.js when first asked. */
export function lazyPdfjs(data: Uint8Array, password?: string): LazyPdfjs {
  let open: Promise<OpenDocument> | null = null;
  const document = async () => {
    if (!open) {
      pdfjsOpenings.count++;
      open = openDocument(data, password);
    }
    return (await open).pdf;
  };
  return {
    document,
    async withPage(n, fn) {
      const page = await (await document()).getPage(n);
      try {
        return await fn(page);
      } finally {
        page.cleanup();
      }
    },
    get opened() {
      return open !== null;
    },
    async close() {
      // A failed opening has nothing to close.
      await open?.then((o) => o.close(), () => undefined);
    },
  };
}
