/**
 * What the fuzzer runs: our own parsers of hostile bytes, without pdf.js.
 * Each target reads the whole input the way convert() would and throws only
 * for a defect: the readers' own refusals (PdfObjectsError from the object
 * index, Unsupported from the direct reader) are expected answers to bad input.
 */
import { DirectDocument } from '../../engine/extract/direct/direct-document.ts';
import { Unsupported, type Matrix } from '../../engine/extract/direct/types.ts';
import { documentLinkAnnotations } from '../../engine/extract/pdf-objects/document-links.ts';
import { inheritedAttribute } from '../../engine/extract/pdf-objects/inherited.ts';
import { PdfObjects } from '../../engine/extract/pdf-objects/pdf-objects.ts';
import { isDict, isRef, PdfObjectsError, type PdfValue } from '../../engine/extract/pdf-objects/values.ts';

/** Pages looked at per input; the page tree walk stops there. */
const MAX_PAGES = 50;

type PageRef = { num: number; gen: number };

/** The readers' refusals: not defects. */
export function isRefusal(err: unknown): boolean {
  return err instanceof PdfObjectsError || err instanceof Unsupported;
}

/** Runs `fn`, swallowing a refusal; a defect propagates. */
function tolerate(fn: () => void): void {
  try {
    fn();
  } catch (err) {
    if (!isRefusal(err)) throw err;
  }
}

/** Page object references in page-tree order, at most MAX_PAGES; refusals end the walk early. */
export function pageRefs(objects: PdfObjects): PageRef[] {
  const out: PageRef[] = [];
  const seen = new Set<string>();
  const visit = (v: PdfValue | undefined, depth: number): void => {
    if (!isRef(v) || depth > 32 || out.length >= MAX_PAGES || seen.has(`${v.num} ${v.gen}`)) return;
    seen.add(`${v.num} ${v.gen}`);
    const node = objects.resolve(v);
    if (!isDict(node)) return;
    const kids = objects.lookup(node, 'Kids');
    if (Array.isArray(kids)) for (const k of kids) visit(k, depth + 1);
    else out.push({ num: v.num, gen: v.gen });
  };
  tolerate(() => {
    const root = objects.rootRef ? objects.resolve({ kind: 'ref', ...objects.rootRef }) : undefined;
    if (isDict(root)) visit(root.map.get('Pages'), 0);
  });
  return out;
}

/** The page's view box and the viewport transform to top-left page space, as pdf.js gives them. */
function viewOf(objects: PdfObjects, ref: PageRef): { view: number[]; vt: Matrix } {
  let box: number[] = [0, 0, 612, 792];
  tolerate(() => {
    const page = objects.get(ref.num, ref.gen);
    const v = isDict(page) ? objects.resolve(inheritedAttribute(objects, page, 'MediaBox')) : undefined;
    if (Array.isArray(v) && v.length === 4 && v.every((x) => typeof x === 'number')) box = v as number[];
  });
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = box;
  const view = [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
  return { view, vt: [1, 0, 0, -1, -view[0]!, view[3]!] };
}

/** The object index and the link reader: index the file, parse every object and stream, read each page's links. */
export function pdfObjectsTarget(data: Uint8Array): void {
  tolerate(() => { PdfObjects.openEncrypted(data); });
  let objects: PdfObjects;
  try {
    objects = PdfObjects.open(data);
  } catch (err) {
    if (isRefusal(err)) return;
    throw err;
  }
  for (let num = 1; num < 300; num++) tolerate(() => { objects.get(num, 0); objects.rawStream(num, 0); });
  const links = documentLinkAnnotations(data, objects);
  for (const ref of pageRefs(objects)) tolerate(() => { links(ref); });
}

/** The direct reader: open the document, then read each page's text, rules, fonts and structure roles. */
export function directReaderTarget(data: Uint8Array): void {
  let doc: DirectDocument;
  try {
    doc = DirectDocument.open(data);
  } catch (err) {
    if (isRefusal(err)) return;
    throw err;
  }
  for (const ref of pageRefs(doc.index)) {
    tolerate(() => {
      const { view, vt } = viewOf(doc.index, ref);
      const page = doc.page(ref, view, vt);
      for (const item of page.content.items) if ('fontName' in item) doc.font(item.fontName);
      doc.structRoles(page);
    });
  }
}
