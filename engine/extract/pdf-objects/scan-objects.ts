/**
 * Finds every `num gen obj` header, every stream and every `trailer` by
 * scanning the bytes, without trusting the cross-reference table (which is
 * often wrong in damaged or hand-edited files). Stream data is skipped, so a
 * header-like text inside an uncompressed stream is not taken for an object.
 */
import { endsToken, isWhite } from './lexer.ts';
import { refKey } from './values.ts';
import { minOf } from '../../numbers.ts';

/** Where a top-level object's value begins, and where its header sits (for "last one wins"). */
export type PlainObject = { pos: number; offset: number };
/** A stream: its owner object (refKey, -1 when no header precedes it), data span and where its dict starts. */
export type StreamSpan = { owner: number; pos: number; dictAt: number; start: number; end: number };
/** What one pass over the file found. */
export type Scan = { objects: Map<number, PlainObject>; streams: StreamSpan[]; trailers: number[] };

/** Next occurrence of a fixed string at or after a position, remembered so repeated asks are cheap. */
class Needle {
  private at: number | null = null;
  private readonly buf: Buffer;
  private readonly text: string;
  constructor(buf: Buffer, text: string) {
    this.buf = buf;
    this.text = text;
  }
  /** -1 when there is none (and so none later either). */
  from(pos: number): number {
    if (this.at === null || (this.at !== -1 && this.at < pos)) this.at = this.buf.indexOf(this.text, pos, 'latin1');
    return this.at;
  }
}

function digitsBack(b: Uint8Array, end: number): number {
  let i = end;
  while (i > 0 && b[i - 1]! >= 0x30 && b[i - 1]! <= 0x39 && end - i < 10) i--;
  return i;
}

/** The decimal digits [from, to) as a number (at most ten digits, so exact): no string is made per header. */
function decimal(b: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + (b[i]! - 0x30);
  return n;
}

/** Parses `num gen` backwards from an `obj` keyword at `at`; null unless it is a real header. */
function headerBefore(b: Uint8Array, at: number): { num: number; gen: number; pos: number } | null {
  if (!endsToken(b[at + 3]) || !isWhite(b[at - 1])) return null;
  let i = at;
  while (i > 0 && isWhite(b[i - 1])) i--;
  const genStart = digitsBack(b, i);
  if (genStart === i || !isWhite(b[genStart - 1])) return null;
  const gen = decimal(b, genStart, i);
  i = genStart;
  while (i > 0 && isWhite(b[i - 1])) i--;
  const numStart = digitsBack(b, i);
  if (numStart === i || (numStart > 0 && !endsToken(b[numStart - 1]))) return null;
  const num = decimal(b, numStart, i);
  return { num, gen, pos: numStart };
}

/** True if `stream` at `at` is the keyword after a dictionary (not `endstream`, not text). */
function isStreamKeyword(b: Uint8Array, at: number): boolean {
  let i = at;
  while (i > 0 && isWhite(b[i - 1])) i--;
  if (b[i - 1] !== 0x3e || b[i - 2] !== 0x3e) return false;
  const next = b[at + 6];
  return next === 0x0d || next === 0x0a || next === 0x20;
}

/** Start of stream data: after `stream` and its end-of-line (CRLF, LF, or a lone CR as pdf.js accepts). */
function dataStart(b: Uint8Array, at: number): number {
  let i = at + 6;
  while (b[i] === 0x20) i++;
  if (b[i] === 0x0d) i++;
  if (b[i] === 0x0a) i++;
  return i;
}

/** Scans the whole file once. Cost is linear in its size. */
export function scanObjects(bytes: Uint8Array): Scan {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const obj = new Needle(buf, 'obj');
  const stream = new Needle(buf, 'stream');
  const trailer = new Needle(buf, 'trailer');
  const out: Scan = { objects: new Map(), streams: [], trailers: [] };
  let last: { key: number; pos: number; offset: number } | null = null;
  let pos = 0;
  for (;;) {
    const o = obj.from(pos), s = stream.from(pos), t = trailer.from(pos);
    const next = minOf([o, s, t].filter((x) => x >= 0));
    if (!Number.isFinite(next)) return out;
    if (next === o) {
      const h = headerBefore(bytes, o);
      if (h) {
        last = { key: refKey(h.num, h.gen), pos: h.pos, offset: o + 3 };
        out.objects.set(last.key, { pos: h.pos, offset: o + 3 });
      }
      pos = o + 3;
    } else if (next === s) {
      if (!isStreamKeyword(bytes, s)) {
        pos = s + 6;
        continue;
      }
      const start = dataStart(bytes, s);
      const end = buf.indexOf('endstream', start, 'latin1');
      out.streams.push({ owner: last?.key ?? -1, pos: last?.pos ?? s, dictAt: last?.offset ?? s, start, end: end < 0 ? bytes.length : end });
      last = null;
      if (end < 0) return out;
      pos = end + 9;
    } else {
      if (endsToken(bytes[t + 7]) && (t === 0 || endsToken(bytes[t - 1]))) out.trailers.push(t + 7);
      pos = t + 7;
    }
  }
}
