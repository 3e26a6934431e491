/**
 * The direct reader's view of a document's objects: the scanned object index
 * (pdf-objects/) plus decoded stream data, behind the ObjectSource contract.
 * Decoded streams are cached (fonts and forms are shared by many pages)
 * within a per-document byte budget.
 */
import type { PdfObjects } from '../pdf-objects/pdf-objects.ts';
import { isDict, isRef, PdfObjectsError, refKey, type PdfDict, type PdfValue } from '../pdf-objects/values.ts';
import { decodeStream, MAX_STREAM_BYTES } from './stream-data.ts';
import { Unsupported, type ObjectSource } from './types.ts';

/** Decoded bytes kept in the cache per document; past it, streams are decoded again on each use. */
const CACHE_BYTES = 32 * 1024 * 1024;

/** An ObjectSource over a PdfObjects index. Object errors surface as Unsupported. */
export class DirectObjects implements ObjectSource {
  private readonly cache = new Map<number, { dict: PdfDict; data: Uint8Array }>();
  private cached = 0;
  readonly objects: PdfObjects;

  constructor(objects: PdfObjects) {
    this.objects = objects;
  }

  resolve(v: PdfValue | undefined): PdfValue | undefined {
    return guard(() => this.objects.resolve(v));
  }

  lookup(dict: PdfDict, key: string): PdfValue | undefined {
    return guard(() => this.objects.lookup(dict, key));
  }

  stream(v: PdfValue | undefined): { dict: PdfDict; data: Uint8Array } {
    if (!isRef(v)) throw new Unsupported('stream is not a reference');
    const hit = this.cache.get(refKey(v.num, v.gen));
    if (hit) return hit;
    const out = this.streamOnce(v);
    if (this.cached + out.data.length <= CACHE_BYTES) {
      this.cache.set(refKey(v.num, v.gen), out);
      this.cached += out.data.length;
    }
    return out;
  }

  /** Decodes a stream without caching it: for page content, which is read once. */
  streamOnce(v: PdfValue | undefined): { dict: PdfDict; data: Uint8Array } {
    if (!isRef(v)) throw new Unsupported('stream is not a reference');
    const found = guard(() => this.objects.rawStream(v.num, v.gen));
    if (!found || !isDict(found.dict)) throw new Unsupported(`object ${v.num} ${v.gen} is not a stream`);
    return { dict: found.dict, data: decodeStream(found.dict, found.raw, (x) => this.resolve(x), MAX_STREAM_BYTES) };
  }
}

/** Runs an object access, turning the object reader's errors into Unsupported. */
export function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof PdfObjectsError) throw new Unsupported(err.message);
    throw err;
  }
}
