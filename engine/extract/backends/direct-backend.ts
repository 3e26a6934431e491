/**
 * The direct reader as a backend: the page tree, pages, links and outline
 * read straight from the PDF objects (../direct/, ../pdf-objects/), never
 * through pdf.js. What it cannot reproduce exactly it refuses (Unsupported):
 * a page, for the next backend to read that page; the document, at opening
 * (encrypted, unindexable, a page tree pdf.js might read otherwise). Only a
 * link annotation or outline it cannot read asks the conversion's pdf.js
 * handle, which is then opened. Link destinations too are resolved from
 * the objects (pdf-objects/outline.ts).
 */
import { DirectDocument } from '../direct/direct-document.ts';
import { Unsupported } from '../direct/types.ts';
import { extractDirectPage } from '../extract-direct-page.ts';
import { linkReader, type LinkPage } from '../links.ts';
import { extractOutline } from '../outline.ts';
import { destinationResolver, readOutline } from '../pdf-objects/outline.ts';
import { pdfjsDestination, type Resolved } from '../link-dests.ts';
import { refKey } from '../pdf-objects/values.ts';
import type { BackendSpec, DocumentBackend, DocumentSource } from './page-backend.ts';

function open({ data, pdfjs }: DocumentSource): DocumentBackend {
  const doc = DirectDocument.open(data);
  const pageCount = doc.pages.length;
  if (pageCount === 0) throw new Unsupported('no pages');
  const readLinks = linkReader(data, doc.index);
  const numbers = new Map(doc.pages.map((r, i) => [refKey(r.num, r.gen), i + 1]));
  const pageOf = (r: { num: number; gen: number }) => numbers.get(refKey(r.num, r.gen));
  let dests: ((key: string) => Resolved) | undefined;
  // A page as the link reader sees it: pdf.js's annotations are its fallback, fetched only if needed.
  const linkPage = (n: number): LinkPage => ({
    ...doc.geometry(n),
    getAnnotations: () => pdfjs.withPage(n, (p) => p.getAnnotations()),
  });
  return {
    name: 'direct',
    pageCount,
    page: async (n) => extractDirectPage(doc, linkPage(n), n, readLinks),
    links: async (n) => readLinks(linkPage(n)),
    raster: (n) => doc.raster(n),
    async outline() {
      try {
        return readOutline(doc.index, pageOf);
      } catch {
        // An object the index cannot read: pdf.js may.
        return extractOutline(await pdfjs.document());
      }
    },
    async destination(key) {
      try {
        return (dests ??= destinationResolver(doc.index, pageOf))(key);
      } catch {
        // An object the index cannot read: pdf.js may.
        return pdfjsDestination(await pdfjs.document(), key);
      }
    },
    // Fonts are read from their programs; nothing is left to settle.
    settle: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

export const directBackend: BackendSpec = { name: 'direct', open: async (source) => open(source) };
