/**
 * pdf.js as a backend: getTextContent for the text, the operator list for
 * table rules, and document-wide font resolution once all pages are read.
 * It reads whatever pdf.js opened, so it never refuses a document.
 */
import { DocumentFonts } from '../document-fonts.ts';
import { extractPage } from '../extract-page.ts';
import type { BackendSpec, PageBackend } from './page-backend.ts';

export const pdfjsBackend: BackendSpec = {
  name: 'pdfjs',
  open(): PageBackend {
    const fonts = new DocumentFonts();
    let pagesRead = 0;
    return {
      name: 'pdfjs',
      read(page, number, links) {
        pagesRead++;
        return extractPage(page, number, fonts, links);
      },
      // Resolves fonts this backend left provisional (see DocumentFonts.settle).
      settle: async (pdf, pages) => {
        if (pagesRead > 0) await fonts.settle(pdf, pages);
      },
    };
  },
};
