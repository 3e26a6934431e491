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
import type { ObjectReader } from './number-tree.ts';

/** Decoded bytes kept in the cache per document; past it, streams are decoded again on each use. */
const CACHE_BYTES = 32 * 1024 * 1024;

/** An ObjectReader whose errors surface as Unsupported. */
export class GuardedReader implements ObjectReader {
  private readonly reader: ObjectReader;

  constructor(reader: ObjectReader) {
    this.reader = reader;
  }

  // resolve and lookup catch inline rather than through guard(): they run per
  // operator and per structure element, and guard's closure is an allocation per call.
  resolve(v: PdfValue | undefined): PdfValue | undefined {
    try {
      return this.reader.resolve(v);
    } catch (err) {
      throw unsupported(err);
    }
  }

  lookup(dict: PdfDict, key: string): PdfValue | undefined {
    try {
      return this.reader.lookup(dict, key);
    } catch (err) {
      throw unsupported(err);
    }
  }
}

/** An ObjectSource over a PdfObjects index. Object errors surface as Unsupported. */
export class DirectObjects extends GuardedReader implements ObjectSource {
  private readonly cache = new Map<number, { dict: PdfDict; data: Uint8Array }>();
  private cached = 0;
  readonly objects: PdfObjects;

  constructor(objects: PdfObjects) {
    super(objects);
    this.objects = objects;
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

  /** Decodes a stream, to at most `maxOut` bytes, without caching it: for page content and images, read once. */
  streamOnce(v: PdfValue | undefined, maxOut = MAX_STREAM_BYTES): { dict: PdfDict; data: Uint8Array } {
    if (!isRef(v)) throw new Unsupported('stream is not a reference');
    const found = guard(() => this.objects.rawStream(v.num, v.gen));
    if (!found || !isDict(found.dict)) throw new Unsupported(`object ${v.num} ${v.gen} is not a stream`);
    return { dict: found.dict, data: decodeStream(found.dict, found.raw, (x) => this.resolve(x), Math.min(maxOut, MAX_STREAM_BYTES)) };
  }
}

/** The object reader's errors as Unsupported; anything else as it is. */
function unsupported(err: unknown): unknown {
  return err instanceof PdfObjectsError ? new Unsupported(err.message) : err;
}

/** Runs an object access, turning the object reader's errors into Unsupported. */
export function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw unsupported(err);
  }
}
