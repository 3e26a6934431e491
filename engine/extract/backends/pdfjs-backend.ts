/**
 * pdf.js as a backend: getTextContent for the text, the operator list for
 * table rules, and document-wide font resolution once all pages are read.
 * It reads whatever pdf.js opened, so it never refuses a page it was given.
 * It reads through the conversion's lazy pdf.js handle and frees each page's
 * pdf.js state once the page is read.
 */
import { DocumentFonts } from '../document-fonts.ts';
import { extractPage } from '../extract-page.ts';
import { linkReader } from '../links.ts';
import { invisibleModeHint } from '../pdfjs-hidden.ts';
import { unmappedFontHint } from '../pdfjs-unmapped.ts';
import { lazyObjects } from '../lazy-objects.ts';
import { extractOutline } from '../outline.ts';
import { pdfjsDestination } from '../link-dests.ts';
import type { BackendSpec, DocumentBackend, DocumentSource } from './page-backend.ts';

async function open({ data, pdfjs }: DocumentSource): Promise<DocumentBackend> {
  const pdf = await pdfjs.document();
  const fonts = new DocumentFonts();
  // Links are read from the objects where the file allows (pdf.js's getAnnotations is slow).
  const readLinks = linkReader(data);
  // Both checks look at a page's own objects, through one index opened when first needed.
  const objects = lazyObjects(data);
  const mayHide = invisibleModeHint(objects);
  const unmapped = unmappedFontHint(objects);
  let pagesRead = 0;
  return {
    name: 'pdfjs',
    pageCount: pdf.numPages,
    page(n) {
      pagesRead++;
      return pdfjs.withPage(n, (page) => extractPage(page, n, fonts, readLinks, mayHide, unmapped));
    },
    links: (n) => pdfjs.withPage(n, (page) => readLinks(page)),
    outline: () => extractOutline(pdf),
    destination: (key) => pdfjsDestination(pdf, key),
    // Resolves fonts this backend left provisional (see DocumentFonts.settle).
    settle: async (pages) => {
      if (pagesRead > 0) await fonts.settle(pdf, pages);
    },
    close: () => pdfjs.close(),
  };
}

export const pdfjsBackend: BackendSpec = { name: 'pdfjs', open };
