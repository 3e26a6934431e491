/**
 * Inheritable page attributes (PDF 32000 §7.7.3.4: Resources, MediaBox,
 * CropBox, Rotate, and /Annots as pdf.js reads it): the page's own entry,
 * or the nearest ancestor's up the page tree.
 */
import { isDict, PdfObjectsError, type PdfDict, type PdfValue } from './values.ts';

/** How far up the page tree an attribute is looked for; real trees are a few levels deep. */
const MAX_TREE_DEPTH = 64;

/** What the walk needs from an object reader: `dict[key]` with references followed. */
export type DictLookup = { lookup(dict: PdfDict, key: string): PdfValue | undefined };

/** `key` of the page or its nearest ancestor that has it; throws PdfObjectsError on a tree deeper than the limit. */
export function inheritedAttribute(objects: DictLookup, page: PdfDict, key: string): PdfValue | undefined {
  let node: PdfDict = page;
  for (let depth = 0; depth < MAX_TREE_DEPTH; depth++) {
    if (node.map.has(key)) return objects.lookup(node, key);
    const parent = objects.lookup(node, 'Parent');
    if (!isDict(parent)) return undefined;
    node = parent;
  }
  throw new PdfObjectsError('page tree too deep');
}
