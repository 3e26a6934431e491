/**
 * The PDF object model the link reader needs: a small tagged union, with
 * strings kept as raw bytes (one char per byte, as pdf.js keeps them) so URI
 * handling can match pdf.js byte for byte.
 */

/** A PDF name, `#xx` escapes already decoded. */
export type PdfName = { kind: 'name'; name: string };
/** A PDF string as raw bytes, one char code (0–255) per byte. */
export type PdfString = { kind: 'string'; bytes: string };
/** An indirect reference `num gen R`. */
export type PdfRef = { kind: 'ref'; num: number; gen: number };
/** A dictionary; keys are names without the slash. */
export type PdfDict = { kind: 'dict'; map: Map<string, PdfValue> };
/** Any direct PDF value. Arrays are plain arrays. */
export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfValue[];

/**
 * Anything that makes the direct reader give up on a document or page; the
 * caller then falls back to pdf.js, so the reason is for tests and debugging only.
 */
export class PdfObjectsError extends Error {
  override name = 'PdfObjectsError';
}

/** True if `v` is the name `name` (or any name when `name` is omitted). */
export function isName(v: PdfValue | undefined, name?: string): v is PdfName {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'name' && (name === undefined || v.name === name);
}

/** True if `v` is a dictionary. */
export function isDict(v: PdfValue | undefined): v is PdfDict {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'dict';
}

/** True if `v` is an indirect reference. */
export function isRef(v: PdfValue | undefined): v is PdfRef {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'ref';
}

/** True if `v` is a string. */
export function isString(v: PdfValue | undefined): v is PdfString {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'string';
}

/** One number for a (num, gen) pair; generations are below 2^16 in any sane file. */
export function refKey(num: number, gen: number): number {
  return num * 65_536 + (gen & 0xffff);
}
