/**
 * The direct reader as a backend: pages read straight from the PDF objects
 * (../direct/), refusing (Unsupported) what it cannot reproduce exactly.
 */
import { DirectDocument } from '../direct/direct-document.ts';
import { extractDirectPage } from '../extract-direct-page.ts';
import type { BackendSpec, PageBackend } from './page-backend.ts';

/** Opening indexes the file; an encrypted or unindexable file is refused here, before any page. */
export const directBackend: BackendSpec = {
  name: 'direct',
  open(data): PageBackend {
    const doc = DirectDocument.open(data);
    return {
      name: 'direct',
      index: doc.index,
      read: (page, number, links) => extractDirectPage(doc, page, number, links),
      // Fonts are read from their programs; nothing is left to settle.
      settle: () => Promise.resolve(),
    };
  },
};
