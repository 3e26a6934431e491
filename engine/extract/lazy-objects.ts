/**
 * The direct reader's view of a file's objects for the checks made on pages
 * pdf.js reads (hidden text, fonts without text): opened on first use, once,
 * and shared by them. Most files never need it; a file the direct reader
 * cannot open gives none, and the checks then find nothing.
 */
import { PdfObjects } from './pdf-objects/pdf-objects.ts';
import { DirectObjects } from './direct/object-source.ts';

/** A page's object reference as pdf.js gives it. */
export type PageRef = { num: number; gen: number };

/** The file's objects, opened at the first call; null when the file does not open. */
export function lazyObjects(data: Uint8Array): () => DirectObjects | null {
  let objects: DirectObjects | null | undefined;
  return () => {
    if (objects === undefined) {
      try {
        objects = new DirectObjects(PdfObjects.open(data));
      } catch {
        objects = null;
      }
    }
    return objects;
  };
}
