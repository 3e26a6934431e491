/**
 * PDF string syntax: literal `( … )` strings with escapes and hex `< … >`
 * strings, read to raw bytes exactly as pdf.js's lexer does, plus the text
 * decoding of UTF-16BE strings.
 */
import { PdfObjectsError } from './values.ts';

const CR = 0x0d;
const LF = 0x0a;
const BACKSLASH = 0x5c;

const SIMPLE_ESCAPES: Record<number, string> = {
  0x6e: '\n', 0x72: '\r', 0x74: '\t', 0x62: '\b', 0x66: '\f', 0x5c: '\\', 0x28: '(', 0x29: ')',
};

function isOctal(c: number | undefined): c is number {
  return c !== undefined && c >= 0x30 && c <= 0x37;
}

/** Reads a backslash escape starting after the backslash; returns the text and the next position. */
function readEscape(b: Uint8Array, i: number): [string, number] {
  const c = b[i];
  if (c === undefined) throw new PdfObjectsError('unterminated string');
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return [simple, i + 1];
  if (isOctal(c)) {
    // Up to three octal digits; overflow beyond a byte is ignored, as the spec says.
    let x = c & 7;
    let j = i + 1;
    for (let k = 0; k < 2 && isOctal(b[j]); k++, j++) x = (x << 3) + (b[j]! & 7);
    return [String.fromCharCode(x & 0xff), j];
  }
  // A backslash before an end of line continues the string on the next line.
  if (c === CR) return ['', b[i + 1] === LF ? i + 2 : i + 1];
  if (c === LF) return ['', i + 1];
  // Unknown escapes keep the character and drop the backslash.
  return [String.fromCharCode(c), i + 1];
}

/**
 * Where a string reader starts (`pos`, at the opening delimiter), moved
 * past the string once read. The lexers pass themselves: a position
 * returned in a result object was an allocation per string.
 */
export type Cursor = { pos: number };

/**
 * Reads a literal string whose `(` is at `at.pos`. Returns the raw bytes (one
 * char per byte) and moves `at.pos` past the closing `)`. End-of-line bytes
 * inside the string are kept as they are, like pdf.js does.
 */
export function readLiteralString(b: Uint8Array, at: Cursor): string {
  // The runs between escapes are concatenated: most strings are one run, read with no array to join.
  let text = '';
  let depth = 1;
  let i = at.pos + 1;
  let runStart = i;
  const end = b.length; // read once: Maglev's code calls out for it
  while (i < end) {
    const c = b[i]!;
    if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) {
      at.pos = i + 1;
      return text + latin1(b, runStart, i);
    } else if (c === BACKSLASH) {
      const [escaped, next] = readEscape(b, i + 1);
      text += latin1(b, runStart, i) + escaped;
      i = runStart = next;
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

/** Where hex strings are decoded; no string is read while another is being read. */
let hexScratch: Buffer = Buffer.allocUnsafeSlow(256);
/** A scratch buffer grown past this is not kept for the next string. */
const SCRATCH_KEPT = 1 << 16;

/** `buf` copied into one twice its size, kept as the scratch buffer while that stays small. */
function grown(buf: Buffer): Buffer {
  const next = Buffer.allocUnsafeSlow(buf.length * 2);
  buf.copy(next);
  if (next.length <= SCRATCH_KEPT) hexScratch = next;
  return next;
}

/** Up to this many bytes, a string is built char by char: cheaper than a call into Buffer's decoder. */
const TINY = 8;

/** The first `n` bytes of `buf` as a one-char-per-byte string. */
function scratchString(buf: Buffer, n: number): string {
  if (n > TINY) return buf.toString('latin1', 0, n);
  let out = '';
  for (let i = 0; i < n; i++) out += String.fromCharCode(buf[i]!);
  return out;
}

/** hexDigit by table, for the hex string reader's inner loop. */
const HEX_VALUE = Int8Array.from({ length: 256 }, (_, c) => hexDigit(c));

/**
 * Reads a hex string whose `<` is at `at.pos`, moving `at.pos` past its `>`.
 * Whitespace and (like pdf.js) other non-hex bytes are skipped; an odd final
 * digit is padded with 0.
 */
export function readHexString(b: Uint8Array, at: Cursor): string {
  let out = hexScratch;
  // The lengths read once: Maglev's code calls out for a typed array's (content-lexer.ts, ContentLexer.end).
  let room = out.length;
  const end = b.length;
  let n = 0;
  let high = -1;
  for (let i = at.pos + 1; i < end; i++) {
    const c = b[i]!;
    if (c === 0x3e) {
      if (high !== -1) {
        if (n === room) out = grown(out);
        out[n++] = high << 4;
      }
      at.pos = i + 1;
      return scratchString(out, n);
    }
    const d = HEX_VALUE[c]!;
    if (d === -1) continue;
    if (high === -1) high = d;
    else {
      if (n === room) room = (out = grown(out)).length;
      out[n++] = (high << 4) | d;
      high = -1;
    }
  }
  throw new PdfObjectsError('unterminated hex string');
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
