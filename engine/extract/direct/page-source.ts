/**
 * A page's dictionary, inherited resources and content bytes, read from the
 * objects. Like pdf.js, a page whose content is an array of streams gets
 * them joined with a newline after each (a stream boundary is whitespace).
 */
import { isDict, isRef, type PdfDict } from '../pdf-objects/values.ts';
import { inheritedAttribute } from '../pdf-objects/inherited.ts';
import { guard, type DirectObjects } from './object-source.ts';
import { Unsupported } from './types.ts';

/** Content streams one page may list. */
const MAX_CONTENT_STREAMS = 10_000;

/** The page dictionary of the page object `ref`. */
export function pageDict(objects: DirectObjects, ref: { num: number; gen: number }): PdfDict {
  const page = objects.resolve({ kind: 'ref', num: ref.num, gen: ref.gen });
  if (!isDict(page)) throw new Unsupported('page is not a dictionary');
  return page;
}

/** The page's resource dictionary (empty when it has none). */
export function pageResources(objects: DirectObjects, page: PdfDict): PdfDict {
  const res = guard(() => inheritedAttribute(objects, page, 'Resources'));
  return isDict(res) ? res : { kind: 'dict', map: new Map() };
}

/** The page's content: its stream, or its streams joined by newlines; empty when it has none. */
export function pageContent(objects: DirectObjects, page: PdfDict): Uint8Array {
  const raw = page.map.get('Contents');
  const value = objects.resolve(raw);
  if (value === undefined || value === null) return new Uint8Array(0);
  if (!Array.isArray(value)) return objects.streamOnce(raw).data;
  if (value.length > MAX_CONTENT_STREAMS) throw new Unsupported('too many content streams');
  const parts = value.filter(isRef).map((r) => objects.streamOnce(r).data);
  if (parts.length !== value.length) throw new Unsupported('content array holds a non-reference');
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length + 1, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    out[at + p.length] = 0x0a;
    at += p.length + 1;
  }
  return out;
}
