/**
 * The FontDescriptor values pdf.js reports as they are: flags, and ascent and
 * descent in em (NaN when the descriptor has none, since pdf.js divides
 * `undefined` by 1000 and, for an embedded font, never fills it in).
 */
import { isDict, type PdfDict, type PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported, type ObjectSource } from '../types.ts';

/** Descriptor facts for a FontDecoder. */
export type DescriptorFacts = { descriptor: PdfDict; flags: number; ascent: number; descent: number };

/** Reads `dict`'s /FontDescriptor; fonts without one are not embedded, so they are refused. */
export function readDescriptor(objects: ObjectSource, dict: PdfDict): DescriptorFacts {
  const descriptor = objects.lookup(dict, 'FontDescriptor');
  if (!isDict(descriptor)) throw new Unsupported('no FontDescriptor');
  if (dict.map.has('FontMatrix')) throw new Unsupported('font dictionary with a FontMatrix');
  const flags = objects.lookup(descriptor, 'Flags');
  const ascent = objects.lookup(descriptor, 'Ascent');
  const descent = objects.lookup(descriptor, 'Descent');
  return {
    descriptor,
    flags: typeof flags === 'number' && Number.isInteger(flags) ? flags : 0,
    ascent: typeof ascent === 'number' ? ascent / 1000 : NaN,
    descent: typeof descent === 'number' ? descent / 1000 : NaN,
  };
}

/** An integer entry, or `fallback` when it is missing or not an integer (pdf.js FirstChar / LastChar). */
export function intOr(v: PdfValue | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) ? v : fallback;
}

/** The /ToUnicode stream's data, or null when pdf.js would ignore the entry (it is not a stream). */
export function toUnicodeData(objects: ObjectSource, v: PdfValue | undefined): Uint8Array | null {
  if (v === undefined || v === null) return null;
  const resolved = objects.resolve(v);
  if (resolved === undefined || resolved === null || typeof resolved !== 'object' || Array.isArray(resolved)) return null;
  if (resolved.kind === 'name') throw new Unsupported('ToUnicode names a predefined CMap');
  if (resolved.kind !== 'dict') return null;
  return objects.stream(v).data;
}
