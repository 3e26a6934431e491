/**
 * A page-reading backend in the shape of docling's PDF backends
 * (pdf_backend.py): a backend opens the document and owns it; the pipeline
 * asks it for the page count, a page, the outline and a page's links, and
 * never sees what the backend reads the PDF with. The page reader
 * (../page-reader.ts) tries the backends of a chain in order, page by page:
 * adding a reader is adding a file that exports a BackendSpec and naming it
 * in a chain.
 */
import type { Page } from '../../model.ts';
import type { TextBackendName } from '../../types.ts';
import type { LinkArea } from '../links.ts';
import type { OutlineEntry } from '../pdf-objects/outline.ts';
import type { Resolved } from '../link-dests.ts';
import type { LazyPdfjs } from './lazy-pdfjs.ts';
import type { Raster } from '../../ocr/glyph-marks.ts';

/** A backend opened on one document. */
export interface DocumentBackend {
  readonly name: TextBackendName;
  /** Pages in the document. */
  readonly pageCount: number;
  /**
   * Reads page `n` (1-based) into a model Page: text runs with their links,
   * rules, ink. Throws when this backend cannot read that page; the page
   * reader then asks the next backend of its chain for that page alone.
   */
  page(n: number): Promise<Page>;
  /** The URI links of page `n`, in the page's top-left frame; none when they cannot be read. */
  links(n: number): Promise<LinkArea[]>;
  /** The outline (bookmarks), flat in document order; empty when there is none or it is broken. */
  outline(): Promise<OutlineEntry[]>;
  /** Where a link's destination key (link-action.ts destKey) leads; null when nowhere. */
  destination(key: string): Promise<Resolved>;
  /**
   * Page `n`, just read, rendered at `scale` pixels per point for the OCR
   * decision, when the backend can do that without pdf.js; null (or no
   * method) otherwise.
   */
  raster?(n: number): { image: Raster; scale: number } | null;
  /** Document-level work after the last page (pdf.js: fonts it could only guess), given the pages this backend read. */
  settle(pages: readonly Page[]): Promise<void>;
  /** Releases what the backend holds. */
  close(): Promise<void>;
}

/** What a backend opens: the file, its password, and the one pdf.js handle of the conversion (opened only on first use). */
export type DocumentSource = { readonly data: Uint8Array; readonly password?: string; readonly pdfjs: LazyPdfjs };

/** How to open a backend on a document. */
export type BackendSpec = {
  readonly name: TextBackendName;
  /** Opens the backend; throws when it cannot read this document at all. */
  open(source: DocumentSource): Promise<DocumentBackend>;
};
