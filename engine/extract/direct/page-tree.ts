/**
 * The page tree (PDF 32000 §7.7.3) walked in document order: the object
 * reference of every page, as pdf.js's getPageDict finds them one by one. A
 * tree pdf.js would read differently (a /Count that disagrees with the pages
 * below it, a cycle, a kid that is not a dictionary, an inline page) is
 * refused, so that such a document goes to pdf.js whole.
 */
import type { PdfObjects } from '../pdf-objects/pdf-objects.ts';
import { isDict, isName, isRef, refKey, type PdfDict } from '../pdf-objects/values.ts';
import { Unsupported } from './types.ts';

/** A page object's reference. */
export type PageRef = { num: number; gen: number };

/** Pages a tree may hold; the engine's own page limit is lower. */
const MAX_PAGES = 100_000;
/** Levels of intermediate nodes; real trees are a few deep. */
const MAX_DEPTH = 64;

type Walk = { objects: PdfObjects; seen: Set<number>; out: PageRef[] };

/** Pages tree node or page: pdf.js takes a dictionary typed /Page, or one without /Kids, as a page. */
function isLeaf(walk: Walk, node: PdfDict): boolean {
  return isName(walk.objects.resolve(node.map.get('Type')), 'Page') || !node.map.has('Kids');
}

/** Appends the pages under `node` (reached through `ref`); returns how many. */
function visit(walk: Walk, node: PdfDict, depth: number): number {
  if (depth > MAX_DEPTH) throw new Unsupported('page tree too deep');
  const kids = walk.objects.resolve(node.map.get('Kids'));
  if (!Array.isArray(kids)) throw new Unsupported('page tree node without a kids array');
  let pages = 0;
  for (const kid of kids) {
    if (!isRef(kid)) throw new Unsupported('inline page tree node');
    const key = refKey(kid.num, kid.gen);
    if (walk.seen.has(key)) throw new Unsupported('page tree holds a cycle');
    walk.seen.add(key);
    const dict = walk.objects.resolve(kid);
    if (!isDict(dict)) throw new Unsupported('page tree kid is not a dictionary');
    if (isLeaf(walk, dict)) {
      walk.out.push({ num: kid.num, gen: kid.gen });
      pages++;
    } else {
      pages += visit(walk, dict, depth + 1);
    }
    if (walk.out.length > MAX_PAGES) throw new Unsupported('too many pages');
  }
  // pdf.js skips subtrees by /Count; where it is wrong, pdf.js would number the pages differently.
  const count = walk.objects.resolve(node.map.get('Count'));
  if (count !== pages) throw new Unsupported(`page tree /Count ${String(count)} where ${pages} pages are`);
  return pages;
}

/** The references of the document's pages in order; throws Unsupported for a tree pdf.js might read otherwise. */
export function pageRefs(objects: PdfObjects): PageRef[] {
  const root = objects.rootRef ? objects.get(objects.rootRef.num, objects.rootRef.gen) : undefined;
  if (!isDict(root)) throw new Unsupported('no document catalog');
  const pagesRef = root.map.get('Pages');
  const pages = objects.resolve(pagesRef);
  if (!isDict(pages) || isLeaf({ objects, seen: new Set(), out: [] }, pages)) throw new Unsupported('no page tree');
  const seen = new Set<number>(isRef(pagesRef) ? [refKey(pagesRef.num, pagesRef.gen)] : []);
  const walk: Walk = { objects, seen, out: [] };
  visit(walk, pages, 0);
  return walk.out;
}
