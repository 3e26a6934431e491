/**
 * Object streams (`/Type /ObjStm`): inflates each one once and indexes the
 * objects it holds. Decompression is capped per stream and per document, and
 * so is the number of streams; a stream that cannot be read makes the whole
 * index incomplete, because a missing newer copy could hide behind an older one.
 */
import { inflateExact } from './inflate.ts';
import { Lexer } from './lexer.ts';
import { Parser } from './parse-object.ts';
import type { Scan, StreamSpan } from './scan-objects.ts';
import { isDict, isName, PdfObjectsError, type PdfDict, type PdfValue } from './values.ts';

/** Limits on the work object streams may cause in one document. */
export type ObjStmLimits = { maxStreams: number; maxTotalBytes: number; maxStreamBytes: number; maxObjectsPerStream: number };

/**
 * Generous for real files: object streams hold dictionaries, not content, so
 * even big documents have a few thousand streams of a few KiB each. The
 * decompressed data stays in memory while the document converts, hence the
 * modest total; a file beyond it simply falls back to pdf.js.
 */
export const DEFAULT_OBJSTM_LIMITS: ObjStmLimits = {
  maxStreams: 20_000,
  maxTotalBytes: 64 * 1024 * 1024,
  maxStreamBytes: 16 * 1024 * 1024,
  maxObjectsPerStream: 100_000,
};

/** One decompressed object stream and where each of its objects begins. */
export type ObjStm = { pos: number; data: Uint8Array; offsets: Map<number, number> };

/** Parses the dictionary of the object that owns a stream, or null if it is not one we can read. */
export function streamDict(bytes: Uint8Array, span: StreamSpan): PdfDict | null {
  const v = new Parser(new Lexer(bytes, span.dictAt)).value();
  return isDict(v) ? v : null;
}

/** Only the dictionaries that mention these types are parsed, which skips fonts, images and pages. */
export function mentions(bytes: Uint8Array, span: StreamSpan, text: string): boolean {
  const region = Buffer.from(bytes.buffer, bytes.byteOffset + span.dictAt, Math.max(0, span.start - span.dictAt));
  return region.includes(text, 0, 'latin1');
}

function filterName(f: PdfValue | undefined): string | null | undefined {
  if (f === undefined || f === null) return null;
  if (isName(f)) return f.name;
  if (Array.isArray(f) && f.length === 0) return null;
  if (Array.isArray(f) && f.length === 1 && isName(f[0])) return f[0].name;
  return undefined;
}

/** Raw or Flate-decoded stream data; throws for other filters or predictors. */
function decodeStream(bytes: Uint8Array, span: StreamSpan, dict: PdfDict, maxOut: number): Uint8Array {
  const length = dict.map.get('Length');
  // A direct /Length is trusted when it fits before `endstream`; otherwise the span is used.
  const end = typeof length === 'number' && Number.isInteger(length) && length >= 0 && span.start + length <= span.end
    ? span.start + length : span.end;
  const raw = bytes.subarray(span.start, end);
  const filter = filterName(dict.map.get('Filter'));
  if (filter === null) {
    if (raw.length > maxOut) throw new PdfObjectsError('object stream over budget');
    return raw;
  }
  if (filter !== 'FlateDecode' && filter !== 'Fl') throw new PdfObjectsError(`object stream filter ${filter ?? '?'}`);
  const parms = dict.map.get('DecodeParms');
  const predictor = isDict(parms) ? parms.map.get('Predictor') : undefined;
  if (typeof predictor === 'number' && predictor > 1) throw new PdfObjectsError('object stream predictor');
  try {
    return inflateExact(raw, maxOut);
  } catch (err) {
    throw new PdfObjectsError(`object stream inflate: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Reads the `num offset` pairs at the head of a decompressed object stream. */
function readOffsets(data: Uint8Array, n: number, first: number): Map<number, number> {
  const offsets = new Map<number, number>();
  const lex = new Lexer(data, 0);
  for (let k = 0; k < n; k++) {
    const num = lex.next();
    const off = lex.next();
    if (num.t !== 'num' || off.t !== 'num' || !Number.isInteger(num.v) || !Number.isInteger(off.v)) {
      throw new PdfObjectsError('object stream header');
    }
    const at = first + off.v;
    if (num.v < 0 || off.v < 0 || at >= data.length) throw new PdfObjectsError('object stream offset');
    offsets.set(num.v, at);
  }
  return offsets;
}

/** Decompresses and indexes every object stream of the file, within the limits. */
export function readObjectStreams(bytes: Uint8Array, scan: Scan, limits = DEFAULT_OBJSTM_LIMITS): ObjStm[] {
  const out: ObjStm[] = [];
  let budget = limits.maxTotalBytes;
  for (const span of scan.streams) {
    if (!mentions(bytes, span, 'ObjStm')) continue;
    const dict = streamDict(bytes, span);
    if (!dict || !isName(dict.map.get('Type'), 'ObjStm')) continue;
    if (out.length >= limits.maxStreams) throw new PdfObjectsError('too many object streams');
    const n = dict.map.get('N');
    const first = dict.map.get('First');
    if (typeof n !== 'number' || typeof first !== 'number' || !Number.isInteger(n) || !Number.isInteger(first) ||
      n < 0 || first < 0 || n > limits.maxObjectsPerStream) throw new PdfObjectsError('object stream /N or /First');
    const data = decodeStream(bytes, span, dict, Math.min(limits.maxStreamBytes, budget));
    budget -= data.length;
    out.push({ pos: span.pos, data, offsets: readOffsets(data, n, first) });
  }
  return out;
}
