/**
 * Chooses how each page's text is read: the direct reader first (fast, reads
 * the PDF objects itself), pdf.js from the first page the direct reader
 * cannot handle to the end of the document. Falling back for the rest of the
 * document, not just one page, keeps every later page consistent and avoids
 * paying twice on a document whose fonts the direct reader does not know.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from '../model.ts';
import type { TextReaderChoice, TextReaderStats } from '../types.ts';
import { DirectDocument } from './direct/direct-document.ts';
import { DocumentFonts } from './document-fonts.ts';
import { extractDirectPage } from './extract-direct-page.ts';
import { extractPage } from './extract-page.ts';
import { linkReader, type LinkReader } from './links.ts';

function reason(err: unknown): string {
  return `${err instanceof Error ? err.name : 'Error'}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 200);
}

/** Reads the pages of one document, in order. */
export class PageReader {
  private direct: DirectDocument | null = null;
  private readonly fonts = new DocumentFonts();
  private readonly links: LinkReader;
  readonly stats: TextReaderStats = { direct: 0, pdfjs: 0 };

  constructor(data: Uint8Array, choice: TextReaderChoice = 'auto') {
    if (choice !== 'pdfjs') {
      try {
        this.direct = DirectDocument.open(data);
      } catch (err) {
        this.stats.fallback = reason(err);
      }
    }
    // Links are read from the same object index as the text, so the file is scanned once.
    this.links = linkReader(data, this.direct?.index);
  }

  /** Extracts page `number` (pdf.js page proxy `page`). */
  async read(page: PDFPageProxy, number: number): Promise<Page> {
    if (this.direct) {
      try {
        const out = await extractDirectPage(this.direct, page, number, this.links);
        this.stats.direct++;
        return out;
      } catch (err) {
        // Unsupported input, or a fault in the direct reader: either way pdf.js reads the rest.
        this.direct = null;
        this.stats.fallback = `page ${number}: ${reason(err)}`;
      }
    }
    this.stats.pdfjs++;
    return extractPage(page, number, this.fonts, this.links);
  }

  /** Resolves fonts the pdf.js path left provisional (see DocumentFonts.settle). */
  async settle(pdf: PDFDocumentProxy, pages: readonly Page[]): Promise<void> {
    if (this.stats.pdfjs > 0) await this.fonts.settle(pdf, pages);
  }
}
