/**
 * PDF string syntax: literal `( … )` strings with escapes and hex `< … >`
 * strings, read to raw bytes exactly as pdf.js's lexer does, plus the text
 * decoding of UTF-16BE strings.
 */
import { PdfObjectsError } from './values.ts';

const CR = 0x0d;
const LF = 0x0a;
const BACKSLASH = 0x5c;

/** The byte a simple escape stands for, by the byte after the backslash (0: not a simple escape). */
const SIMPLE_ESCAPES = new Uint8Array(256);
for (const [c, v] of [['n', 0x0a], ['r', 0x0d], ['t', 0x09], ['b', 0x08], ['f', 0x0c], ['\\', 0x5c], ['(', 0x28], [')', 0x29]] as const) {
  SIMPLE_ESCAPES[c.charCodeAt(0)] = v;
}

function isOctal(c: number | undefined): c is number {
  return c !== undefined && c >= 0x30 && c <= 0x37;
}

/**
 * Bytes written one after another: `buf[0, end)` is in use, and `buf` is
 * replaced by one twice as large when it fills. Content strings are
 * decoded into one, so a shown string needs no JS string of its own.
 */
export type ByteSink = { buf: Uint8Array; end: number };

/** A sink with room for `size` bytes to start with. */
export const byteSink = (size = 256): ByteSink => ({ buf: new Uint8Array(size), end: 0 });

/** Makes room for `n` more bytes; returns the (possibly new) buffer. */
function reserve(sink: ByteSink, n: number): Uint8Array {
  const need = sink.end + n;
  if (need <= sink.buf.length) return sink.buf;
  const next = new Uint8Array(Math.max(2 * sink.buf.length, need));
  next.set(sink.buf.subarray(0, sink.end));
  sink.buf = next;
  return next;
}

/** Appends `b[from, to)`. */
export function appendBytes(sink: ByteSink, b: Uint8Array, from: number, to: number): void {
  const buf = reserve(sink, to - from);
  let n = sink.end;
  for (let i = from; i < to; i++) buf[n++] = b[i]!;
  sink.end = n;
}

/** Appends one byte. */
export function appendByte(sink: ByteSink, byte: number): void {
  reserve(sink, 1)[sink.end++] = byte;
}

/** Reads a backslash escape starting after the backslash into `sink`; returns the next position. */
function readEscape(b: Uint8Array, i: number, sink: ByteSink): number {
  const c = b[i];
  if (c === undefined) throw new PdfObjectsError('unterminated string');
  const simple = SIMPLE_ESCAPES[c]!;
  if (simple !== 0) {
    appendByte(sink, simple);
    return i + 1;
  }
  if (isOctal(c)) {
    // Up to three octal digits; overflow beyond a byte is ignored, as the spec says.
    let x = c & 7;
    let j = i + 1;
    for (let k = 0; k < 2 && isOctal(b[j]); k++, j++) x = (x << 3) + (b[j]! & 7);
    appendByte(sink, x & 0xff);
    return j;
  }
  // A backslash before an end of line continues the string on the next line.
  if (c === CR) return b[i + 1] === LF ? i + 2 : i + 1;
  if (c === LF) return i + 1;
  // Unknown escapes keep the character and drop the backslash.
  appendByte(sink, c);
  return i + 1;
}

/**
 * Where a string reader starts (`pos`, at the opening delimiter), moved
 * past the string once read. The lexers pass themselves: a position
 * returned in a result object was an allocation per string.
 */
export type Cursor = { pos: number };

/**
 * Reads a literal string whose `(` is at `at.pos`, appending its raw bytes
 * to `sink`, and moves `at.pos` past the closing `)`. End-of-line bytes
 * inside the string are kept as they are, like pdf.js does.
 */
export function readLiteralInto(b: Uint8Array, at: Cursor, sink: ByteSink): void {
  let depth = 1;
  let i = at.pos + 1;
  let runStart = i;
  const end = b.length; // read once: Maglev's code calls out for it
  while (i < end) {
    const c = b[i]!;
    if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) {
      appendBytes(sink, b, runStart, i);
      at.pos = i + 1;
      return;
    } else if (c === BACKSLASH) {
      appendBytes(sink, b, runStart, i);
      i = runStart = readEscape(b, i + 1, sink);
      continue;
    }
    i++;
  }
  throw new PdfObjectsError('unterminated string');
}

/** The value of a hex digit byte, or -1. */
export function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** hexDigit by table, for the hex string reader's inner loop. */
const HEX_VALUE = Int8Array.from({ length: 256 }, (_, c) => hexDigit(c));

/**
 * Reads a hex string whose `<` is at `at.pos`, appending its bytes to
 * `sink`, and moves `at.pos` past its `>`. Whitespace and (like pdf.js)
 * other non-hex bytes are skipped; an odd final digit is padded with 0.
 */
export function readHexInto(b: Uint8Array, at: Cursor, sink: ByteSink): void {
  let out = sink.buf;
  // The lengths read once: Maglev's code calls out for a typed array's (content-lexer.ts, ContentLexer.end).
  let room = out.length;
  const end = b.length;
  let n = sink.end;
  let high = -1;
  for (let i = at.pos + 1; i < end; i++) {
    const c = b[i]!;
    if (c === 0x3e) {
      sink.end = n;
      if (high !== -1) appendByte(sink, high << 4);
      at.pos = i + 1;
      return;
    }
    const d = HEX_VALUE[c]!;
    if (d === -1) continue;
    if (high === -1) high = d;
    else {
      if (n === room) {
        sink.end = n;
        room = (out = reserve(sink, 1)).length;
      }
      out[n++] = (high << 4) | d;
      high = -1;
    }
  }
  throw new PdfObjectsError('unterminated hex string');
}

/** Where the string readers below decode; no string is read while another is being read. */
const scratch = byteSink();
/** A scratch buffer grown past this is not kept for the next string. */
const SCRATCH_KEPT = 1 << 16;

/** The scratch bytes as a one-char-per-byte string, the scratch then emptied. */
function scratchString(): string {
  const text = latin1(scratch.buf, 0, scratch.end);
  if (scratch.buf.length > SCRATCH_KEPT) scratch.buf = new Uint8Array(SCRATCH_KEPT);
  scratch.end = 0;
  return text;
}

/** readLiteralInto, returning the raw bytes as a string (one char per byte). */
export function readLiteralString(b: Uint8Array, at: Cursor): string {
  scratch.end = 0;
  readLiteralInto(b, at, scratch);
  return scratchString();
}

/** readHexInto, returning the raw bytes as a string (one char per byte). */
export function readHexString(b: Uint8Array, at: Cursor): string {
  scratch.end = 0;
  readHexInto(b, at, scratch);
  return scratchString();
}

/**
 * Up to this many bytes a string is built char by char: V8 copies a
 * concatenation this short into a flat string, and it is several times
 * cheaper than making a subarray for fromCharCode (names, operands' strings).
 */
const TINY_LATIN1 = 12;
/** Below this many bytes a string is built directly; a Buffer's set-up costs more than it saves. */
const SHORT = 32;

/** Bytes [from, to) as a one-char-per-byte string. */
export function latin1(b: Uint8Array, from: number, to: number): string {
  if (from >= to) return '';
  if (to - from <= TINY_LATIN1) {
    let out = '';
    for (let i = from; i < to; i++) out += String.fromCharCode(b[i]!);
    return out;
  }
  // apply() takes the typed array as it is; a spread would go through its iterator.
  if (to - from <= SHORT) return String.fromCharCode.apply(null, b.subarray(from, to) as unknown as number[]);
  return Buffer.from(b.buffer, b.byteOffset + from, to - from).toString('latin1');
}

/**
 * Decodes a string of raw bytes that may carry a UTF-16BE byte-order mark
 * (FE FF); other strings are returned unchanged (URIs are meant to be 7-bit
 * ASCII, and pdf.js keeps their bytes as they are).
 */
export function decodeUtf16Be(bytes: string): string {
  if (bytes.length < 2 || bytes.charCodeAt(0) !== 0xfe || bytes.charCodeAt(1) !== 0xff) return bytes;
  const buf = Buffer.from(bytes.slice(2, 2 + ((bytes.length - 2) & ~1)), 'latin1');
  return new TextDecoder('utf-16be').decode(buf);
}
