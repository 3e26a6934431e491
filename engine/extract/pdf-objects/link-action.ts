/**
 * What a link annotation points at, as pdf.js's parseDestDictionary finds
 * it: the URI of a URI action, or the file (and destination) of a GoToR or
 * Launch action. Targets pdf.js derives in ways not reproduced here
 * (JavaScript actions, file specification dictionaries, non-ASCII names)
 * throw, so the page falls back to pdf.js.
 */
import type { PdfObjects } from './pdf-objects.ts';
import { decodeUtf16Be } from './pdf-string.ts';
import { isDict, isName, isRef, isString, PdfObjectsError, type PdfDict, type PdfValue } from './values.ts';

/** Zoom modes of an explicit destination and how many arguments each takes (pdf.js isValidExplicitDest). */
const ZOOM_ARGS: Record<string, [number, number]> = {
  XYZ: [2, 3], Fit: [0, 0], FitB: [0, 0], FitH: [0, 1], FitBH: [0, 1], FitV: [0, 1], FitBV: [0, 1], FitR: [4, 4],
};

/** pdf.js's JSON.stringify of a valid explicit destination (refs as {num,gen}, names as {name}), or null. */
function explicitDestJson(dest: PdfValue[]): string | null {
  const [page, zoom, ...args] = dest;
  if (!(isRef(page) || Number.isInteger(page)) || !isName(zoom)) return null;
  const range = ZOOM_ARGS[zoom.name];
  if (!range || args.length < range[0] || args.length > range[1]) return null;
  if (!args.every((a) => typeof a === 'number' || (a === null && zoom.name !== 'FitR'))) return null;
  const pageJson = isRef(page) ? { num: page.num, gen: page.gen } : page;
  return JSON.stringify([pageJson, { name: zoom.name }, ...args]);
}

/** The action a link triggers: /A, else (without /Dest) the mouse-down or mouse-up additional action. */
function linkAction(objects: PdfObjects, annot: PdfDict): PdfDict | null {
  const a = objects.lookup(annot, 'A');
  if (isDict(a)) return a;
  if (annot.map.has('Dest')) return null;
  const aa = objects.lookup(annot, 'AA');
  if (!isDict(aa)) return null;
  const v = aa.map.has('D') ? objects.lookup(aa, 'D') : aa.map.has('U') ? objects.lookup(aa, 'U') : undefined;
  return isDict(v) ? v : null;
}

/** pdf.js fetchRemoteDest: the destination in the other file, as a name or as pdf.js's JSON of an explicit one. */
function remoteDest(objects: PdfObjects, action: PdfDict): string | null {
  const d = objects.lookup(action, 'D');
  if (Array.isArray(d)) return explicitDestJson(d);
  const name = isName(d) ? d.name : isString(d) ? decodeUtf16Be(d.bytes) : undefined;
  if (name === undefined) return null;
  // Non-ASCII names would need PDFDocEncoding, which is not reproduced here.
  if (/[^\x20-\x7e]/.test(name)) throw new PdfObjectsError('remote destination');
  return name;
}

/** A GoToR or Launch action's file (pdf.js takes a string /F as the target); dictionary file specs are not reproduced. */
function fileTarget(objects: PdfObjects, action: PdfDict): string | undefined {
  const f = objects.lookup(action, 'F');
  if (isDict(f)) throw new PdfObjectsError('file specification dictionary');
  if (!isString(f)) return undefined;
  const dest = remoteDest(objects, action);
  return dest ? `${f.bytes.split('#', 1)[0]}#${dest}` : f.bytes;
}

/** The raw target of an action as pdf.js parseDestDictionary finds it, or undefined for actions without one. */
function actionTarget(objects: PdfObjects, action: PdfDict): string | undefined {
  const s = objects.lookup(action, 'S');
  if (!isName(s)) return undefined;
  // pdf.js recovers URLs from some scripts; rather than imitate that, let it read the page.
  if (s.name === 'JavaScript') throw new PdfObjectsError('JavaScript action');
  if (s.name === 'GoToR' || s.name === 'Launch') return fileTarget(objects, action);
  if (s.name !== 'URI') return undefined;
  const uri = objects.lookup(action, 'URI');
  if (isString(uri)) return decodeUtf16Be(uri.bytes);
  return isName(uri) ? `/${uri.name}` : undefined;
}

/** The raw target of a link annotation, or undefined when it has none. */
export function linkTarget(objects: PdfObjects, annot: PdfDict): string | undefined {
  const action = linkAction(objects, annot);
  return action ? actionTarget(objects, action) : undefined;
}

/**
 * The destination inside this document a link goes to, as pdf.js reports it
 * in `dest` (a GoTo action's /D, else the annotation's /Dest): the name of a
 * named destination, or an explicit one in pdf.js's shape; undefined without one.
 */
export function linkDest(objects: PdfObjects, annot: PdfDict): string | unknown[] | undefined {
  const action = linkAction(objects, annot);
  let d: PdfValue | undefined;
  if (action) {
    const s = objects.lookup(action, 'S');
    if (!isName(s) || s.name !== 'GoTo') return undefined;
    d = objects.lookup(action, 'D');
  } else d = objects.lookup(annot, 'Dest');
  if (Array.isArray(d)) {
    const json = explicitDestJson(d);
    return json ? (JSON.parse(json) as unknown[]) : undefined;
  }
  const name = isName(d) ? d.name : isString(d) ? decodeUtf16Be(d.bytes) : undefined;
  return name || undefined;
}

/** A destination as pdf.js reports it, as a key: `name:<name>` or `json:<explicit destination>`; undefined for none. */
export function destKey(d: unknown): string | undefined {
  if (typeof d === 'string') return d === '' ? undefined : `name:${d}`;
  return Array.isArray(d) && d.length >= 2 ? `json:${JSON.stringify(d)}` : undefined;
}
