/**
 * A page's link annotations read straight from the PDF objects, in the shape
 * pdf.js's getAnnotations() gives for links (subtype, flags, url, unsafeUrl,
 * rect), so both sources go through the same filtering. URI actions and the
 * file name of GoToR/Launch actions are read; targets pdf.js derives in ways
 * not reproduced here (JavaScript, file specification dictionaries, explicit
 * remote destinations) make the page fall back to pdf.js.
 */
import { inheritedAttribute } from './inherited.ts';
import { linkDest, linkTarget } from './link-action.ts';
import type { PdfObjects } from './pdf-objects.ts';
import { safeBaseUrl, safeLinkUrl } from './safe-url.ts';
import { isDict, isName, isString, PdfObjectsError, type PdfDict } from './values.ts';

/** A link annotation as pdf.js's getAnnotations() describes it (the fields we use). */
export type LinkAnnotation = {
  subtype: 'Link'; annotationFlags: number; rect: [number, number, number, number]; url?: string; unsafeUrl?: string;
  /** A destination in this document (link-action.ts linkDest), for links without a URL. */
  dest?: string | unknown[];
};

/** Annotation flag bit 1 (PDF 32000-1, 12.5.3). */
const INVISIBLE = 1;
/** More annotations on one page than this is not a document we want to walk by hand. */
const MAX_ANNOTS = 20_000;

/** pdf.js lookupNormalRect: four numbers, normalised so x0 ≤ x1 and y0 ≤ y1; else all zero. */
function normalRect(objects: PdfObjects, annot: PdfDict): [number, number, number, number] {
  const raw = objects.lookup(annot, 'Rect');
  if (!Array.isArray(raw) || raw.length !== 4) return [0, 0, 0, 0];
  const n = raw.map((v) => objects.resolve(v));
  if (!n.every((v): v is number => typeof v === 'number')) return [0, 0, 0, 0];
  const [a, b, c, d] = n as [number, number, number, number];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

function readLink(objects: PdfObjects, annot: PdfDict, baseUrl: string | null): LinkAnnotation {
  const f = objects.lookup(annot, 'F');
  // As pdf.js setFlags: Invisible only concerns unknown annotation types, so it is cleared for links.
  const flags = typeof f === 'number' && Number.isInteger(f) && f > 0 ? f & ~INVISIBLE : 0;
  const link: LinkAnnotation = { subtype: 'Link', annotationFlags: flags, rect: normalRect(objects, annot) };
  const target = linkTarget(objects, annot);
  if (target !== undefined) {
    const url = safeLinkUrl(target, baseUrl);
    if (url) link.url = url;
    link.unsafeUrl = target;
  } else {
    const dest = linkDest(objects, annot);
    if (dest) link.dest = dest;
  }
  return link;
}

/**
 * The link annotations of the page object `num gen`, in /Annots order.
 * Throws PdfObjectsError when the page or an object it needs cannot be read.
 */
export function readLinkAnnotations(objects: PdfObjects, pageRef: { num: number; gen: number }, baseUrl: string | null): LinkAnnotation[] {
  const page = objects.get(pageRef.num, pageRef.gen);
  if (!isDict(page)) throw new PdfObjectsError('page is not a dictionary');
  const type = page.map.get('Type');
  if (type !== undefined && !isName(type, 'Page')) throw new PdfObjectsError('object is not a page');
  // The page's own /Annots or the nearest ancestor's, as pdf.js reads inheritable properties.
  const annots = inheritedAttribute(objects, page, 'Annots');
  if (!Array.isArray(annots)) return [];
  if (annots.length > MAX_ANNOTS) throw new PdfObjectsError('too many annotations');
  const out: LinkAnnotation[] = [];
  for (const entry of annots) {
    const annot = objects.resolve(entry);
    if (isDict(annot) && isName(objects.lookup(annot, 'Subtype'), 'Link')) out.push(readLink(objects, annot, baseUrl));
  }
  return out;
}

/** The catalog's /URI /Base as pdf.js reads it (an absolute safe URL), or null. */
export function documentBaseUrl(objects: PdfObjects): string | null {
  if (!objects.rootRef) throw new PdfObjectsError('no catalog');
  const catalog = objects.get(objects.rootRef.num, objects.rootRef.gen);
  if (!isDict(catalog)) throw new PdfObjectsError('catalog is not a dictionary');
  const uri = objects.lookup(catalog, 'URI');
  const base = isDict(uri) ? objects.lookup(uri, 'Base') : undefined;
  return isString(base) ? safeBaseUrl(base.bytes) ?? null : null;
}
