/**
 * A stand-in ObjectSource for the dev comparison script only: PdfObjects has
 * no stream reader yet, so this one finds stream data by scanning the file and
 * inflates it (Flate without predictors, or no filter). Not for production use.
 */
import zlib from 'node:zlib';
import { PdfObjects } from '../../pdf-objects/pdf-objects.ts';
import { scanObjects, type StreamSpan } from '../../pdf-objects/scan-objects.ts';
import { isDict, isName, isRef, refKey, type PdfDict, type PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported, type ObjectSource } from '../types.ts';

/** PdfObjects plus scanned stream spans, as an ObjectSource. */
export function scanObjectSource(bytes: Uint8Array): { objects: PdfObjects; source: ObjectSource } {
  const objects = PdfObjects.open(bytes);
  const spans = new Map<number, StreamSpan>();
  for (const span of scanObjects(bytes).streams) if (span.owner >= 0) spans.set(span.owner, span);
  const stream = (v: PdfValue | undefined): { dict: PdfDict; data: Uint8Array } => {
    if (!isRef(v)) throw new Unsupported('not a stream reference');
    const dict = objects.resolve(v);
    const span = spans.get(refKey(v.num, v.gen));
    if (!isDict(dict) || !span) throw new Unsupported('stream not found');
    const length = objects.lookup(dict, 'Length');
    const end = typeof length === 'number' && span.start + length <= span.end ? span.start + length : span.end;
    const raw = bytes.subarray(span.start, end);
    const filter = objects.lookup(dict, 'Filter');
    const name = Array.isArray(filter) && filter.length === 1 ? filter[0] : filter;
    if (filter === undefined) return { dict, data: raw };
    if (!isName(name, 'FlateDecode') || objects.lookup(dict, 'DecodeParms') !== undefined) throw new Unsupported('filter');
    return { dict, data: zlib.inflateSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
  };
  return {
    objects,
    source: { resolve: (v) => objects.resolve(v), lookup: (d, k) => objects.lookup(d, k), stream },
  };
}
