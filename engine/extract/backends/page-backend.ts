/**
 * A page-reading backend: one way of turning a PDF page into a model Page
 * (text runs, links, rules), opened once per document. The page reader
 * (../page-reader.ts) tries the backends of a chain in order, like docling's
 * PDF backends behind one document interface: adding a reader is adding a
 * file that exports a BackendSpec and naming it in a chain.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from '../../model.ts';
import type { TextBackendName } from '../../types.ts';
import type { LinkReader } from '../links.ts';
import type { PdfObjects } from '../pdf-objects/pdf-objects.ts';

/** A backend opened on one document. */
export interface PageBackend {
  readonly name: TextBackendName;
  /**
   * The file's object index when the backend built one, so that the link
   * reader uses it instead of indexing the file a second time.
   */
  readonly index?: PdfObjects;
  /**
   * Reads page `number` (pdf.js proxy `page`; every backend gets it, as pdf.js
   * has opened the document already). Throws when the backend cannot read the
   * page: the page reader then hands this page and the rest of the document to
   * the next backend of its chain.
   */
  read(page: PDFPageProxy, number: number, links: LinkReader): Promise<Page>;
  /** Document-level work after the last page (pdf.js: fonts it could only guess). */
  settle(pdf: PDFDocumentProxy, pages: readonly Page[]): Promise<void>;
}

/** How to open a backend on a document. */
export type BackendSpec = {
  readonly name: TextBackendName;
  /** Opens the backend on the file's bytes; throws when it cannot read this document at all. */
  open(data: Uint8Array): PageBackend;
};
