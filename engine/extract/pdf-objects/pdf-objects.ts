/**
 * Random access to the objects of a PDF file, built from a scan of its bytes
 * (see scan-objects.ts) and its object streams. Refuses encrypted files, whose
 * strings would need decrypting, and files whose object streams it cannot
 * read in full.
 */
import { Lexer } from './lexer.ts';
import { mentions, readObjectStreams, streamDict, type ObjStm } from './object-streams.ts';
import { Parser } from './parse-object.ts';
import { scanObjects, type Scan, type StreamSpan } from './scan-objects.ts';
import { isDict, isName, isRef, PdfObjectsError, refKey, type PdfDict, type PdfValue } from './values.ts';

/** Parsed objects kept per document; enough for every annotation of a long document. */
const CACHE_LIMIT = 50_000;
/** Trailers looked at; incremental updates add one each. */
const MAX_TRAILERS = 1_000;
/** A reference to a reference to … is followed this far. */
const MAX_REF_HOPS = 8;
/**
 * Bytes all object parses of a document may read, as a multiple of the file's
 * size and its decoded object streams, plus a constant. Objects do not overlap in a sound file, so parsing each
 * once reads the file about once; but a string or array left open runs on
 * through the objects after it, and a page naming many such objects would cost
 * the file size times their number (found by bench/fuzz).
 */
const PARSE_BUDGET_FACTOR = 4;
const PARSE_BUDGET_BYTES = 4 * 1024 * 1024;

type Located = { pos: number; at: 'plain'; offset: number } | { pos: number; at: 'objstm'; stm: ObjStm; offset: number };

/** True if the literal name /Encrypt occurs anywhere; a cheap over-approximation of "encrypted". */
function mentionsEncrypt(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Searched without the slash, checked before it: a search for a word starting with `/`, the commonest
  // byte of a PDF after spaces, runs five times slower over the file.
  for (let i = buf.indexOf('Encrypt'); i >= 0; i = buf.indexOf('Encrypt', i + 7)) {
    if (i === 0 || buf[i - 1] !== 0x2f) continue;
    const c = buf[i + 7];
    // /EncryptMetadata is a key of the encryption dictionary itself, so it counts too.
    if (c === undefined || c < 0x61 || c > 0x7a || buf.toString('latin1', i + 7, i + 15) === 'Metadata') return true;
  }
  return false;
}

/** Trailer dictionaries: classic `trailer << … >>` and cross-reference stream dictionaries. */
function trailerDicts(bytes: Uint8Array, scan: Scan): PdfDict[] {
  const out: { pos: number; dict: PdfDict }[] = [];
  for (const at of scan.trailers.slice(-MAX_TRAILERS)) {
    const v = new Parser(new Lexer(bytes, at)).value();
    if (isDict(v)) out.push({ pos: at, dict: v });
  }
  for (const span of scan.streams) {
    if (!mentions(bytes, span, 'XRef')) continue;
    const dict = streamDict(bytes, span);
    if (dict && isName(dict.map.get('Type'), 'XRef')) out.push({ pos: span.pos, dict });
    if (out.length > 2 * MAX_TRAILERS) throw new PdfObjectsError('too many trailers');
  }
  return out.sort((a, b) => a.pos - b.pos).map((t) => t.dict);
}

/** The objects of one PDF file. */
export class PdfObjects {
  private readonly located = new Map<number, Located>();
  private readonly cache = new Map<number, PdfValue>();
  /** The data span of each top-level stream object, by refKey. */
  private readonly streams = new Map<number, StreamSpan>();
  /** The document catalog's reference, from the last trailer that names one. */
  readonly rootRef: { num: number; gen: number } | null;
  /** The last trailer's /Encrypt entry (a reference or a dictionary), if any trailer has one. */
  readonly encrypt: PdfValue | undefined;

  private readonly bytes: Uint8Array;
  /** Bytes object parses may still read (see PARSE_BUDGET_FACTOR). */
  private parseBudget: number;

  private constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    const scan = scanObjects(bytes);
    for (const [key, o] of scan.objects) this.located.set(key, { pos: o.pos, at: 'plain', offset: o.offset });
    // A stream belongs to the header the object index kept (the last definition of that number).
    for (const span of scan.streams) if (span.owner >= 0 && scan.objects.get(span.owner)?.pos === span.pos) this.streams.set(span.owner, span);
    let parsable = bytes.length;
    for (const stm of readObjectStreams(bytes, scan)) {
      parsable += stm.data.length;
      for (const [num, offset] of stm.offsets) {
        // Objects in streams have generation 0; the later definition in the file wins.
        const key = refKey(num, 0);
        const prev = this.located.get(key);
        if (!prev || prev.pos <= stm.pos) this.located.set(key, { pos: stm.pos, at: 'objstm', stm, offset });
      }
    }
    this.parseBudget = PARSE_BUDGET_FACTOR * parsable + PARSE_BUDGET_BYTES;
    const trailers = trailerDicts(bytes, scan);
    this.encrypt = trailers.map((t) => t.map.get('Encrypt')).filter((e) => e !== undefined).at(-1);
    const root = trailers.map((t) => t.map.get('Root')).filter(isRef).at(-1);
    this.rootRef = root ? { num: root.num, gen: root.gen } : null;
  }

  /** Indexes a file; throws PdfObjectsError if it is encrypted or cannot be indexed in full. */
  static open(bytes: Uint8Array): PdfObjects {
    if (mentionsEncrypt(bytes)) throw new PdfObjectsError('encrypted');
    const objects = new PdfObjects(bytes);
    if (objects.encrypt !== undefined) throw new PdfObjectsError('encrypted');
    return objects;
  }

  /**
   * Indexes a file even if it is encrypted, for reading what encryption leaves
   * in the clear (the encryption dictionary itself; everything when its crypt
   * filters are Identity). Strings and streams of other files come out as ciphertext.
   */
  static openEncrypted(bytes: Uint8Array): PdfObjects {
    return new PdfObjects(bytes);
  }

  /** The object `num gen`; throws PdfObjectsError if it is not in the file or does not parse. */
  get(num: number, gen: number): PdfValue {
    const key = refKey(num, gen);
    const hit = this.cache.get(key);
    if (hit !== undefined || this.cache.has(key)) return hit ?? null;
    const loc = this.located.get(key);
    if (!loc) throw new PdfObjectsError(`object ${num} ${gen} not found`);
    const data = loc.at === 'plain' ? this.bytes : loc.stm.data;
    if (this.parseBudget <= 0) throw new PdfObjectsError('objects overlap too much to parse');
    const lexer = new Lexer(data, loc.offset);
    let end = data.length;
    try {
      const value = new Parser(lexer).value();
      end = lexer.pos;
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(key, value);
      return value;
    } finally {
      // A failed parse may have read to the end of the data: it is charged that far.
      this.parseBudget -= end - loc.offset;
    }
  }

  /**
   * The raw (still encoded) data of stream object `num gen` and its
   * dictionary, or null if that object is not a stream. The data ends at
   * /Length when it is a number that fits before `endstream`, else there.
   */
  rawStream(num: number, gen: number): { dict: PdfDict; raw: Uint8Array } | null {
    const key = refKey(num, gen);
    const span = this.streams.get(key);
    const loc = this.located.get(key);
    if (!span || loc?.at !== 'plain' || loc.pos !== span.pos) return null;
    const dict = this.get(num, gen);
    if (!isDict(dict)) return null;
    const length = this.resolve(dict.map.get('Length'));
    const fits = typeof length === 'number' && Number.isInteger(length) && length >= 0 && span.start + length <= span.end;
    return { dict, raw: this.bytes.subarray(span.start, fits ? span.start + length : span.end) };
  }

  /** Follows indirect references (a bounded number of hops) to a direct value. */
  resolve(v: PdfValue | undefined): PdfValue | undefined {
    for (let hops = 0; isRef(v); hops++) {
      if (hops >= MAX_REF_HOPS) throw new PdfObjectsError('reference chain too long');
      v = this.get(v.num, v.gen);
    }
    return v;
  }

  /** `dict[key]` with references followed. */
  lookup(dict: PdfDict, key: string): PdfValue | undefined {
    return this.resolve(dict.map.get(key));
  }
}
