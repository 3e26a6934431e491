/**
 * The link reader of one document: indexes the file on the first request
 * (so documents whose pages have no text never pay for it) and reads each
 * page's link annotations from the objects. Any failure, including an
 * encrypted or unindexable file, surfaces as an exception for the caller to
 * fall back on; a document that failed to index fails every later call at once.
 */
import { PdfObjects } from './pdf-objects.ts';
import { documentBaseUrl, readLinkAnnotations, type LinkAnnotation } from './uri-links.ts';

/** Reads the link annotations of a page given its object reference; throws when it cannot. */
export type PageLinkAnnotations = (pageRef: { num: number; gen: number }) => LinkAnnotation[];

/**
 * Creates the lazy reader for the PDF file `bytes` (which must not change
 * while it is in use). `index`, when given, is that file's object index
 * already built by another reader, so the file is not scanned twice.
 */
export function documentLinkAnnotations(bytes: Uint8Array, index?: PdfObjects): PageLinkAnnotations {
  let state: { objects: PdfObjects; baseUrl: string | null } | { failed: unknown } | null = null;
  return (pageRef) => {
    if (!state) {
      try {
        const objects = index ?? PdfObjects.open(bytes);
        state = { objects, baseUrl: documentBaseUrl(objects) };
      } catch (err) {
        state = { failed: err };
      }
    }
    if ('failed' in state) throw state.failed;
    return readLinkAnnotations(state.objects, pageRef, state.baseUrl);
  };
}
