/**
 * The PDF tokenizer: turns bytes into numbers, names, strings, keywords and
 * delimiters. It never reads past the buffer and every loop advances, so a
 * hostile file can cost at most one pass over its bytes per call.
 */
import { latin1, readHexString, readLiteralString } from './pdf-string.ts';
import { PdfObjectsError } from './values.ts';

/** One token. Keywords are bare words such as `obj`, `R`, `true`, `stream`. */
export type Token =
  | { t: 'num'; v: number }
  | { t: 'name'; v: string }
  | { t: 'str'; v: string }
  | { t: 'kw'; v: string }
  | { t: 'delim'; v: '[' | ']' | '<<' | '>>' | '{' | '}' }
  | { t: 'eof' };

type Delim = '[' | ']' | '<<' | '>>' | '{' | '}';
/** Tokens without a value of their own, one object each: the parser only reads tokens, so they are shared. */
const EOF_TOKEN: Token = { t: 'eof' };
const DELIM_TOKENS: Record<Delim, Token> = {
  '[': { t: 'delim', v: '[' }, ']': { t: 'delim', v: ']' }, '<<': { t: 'delim', v: '<<' },
  '>>': { t: 'delim', v: '>>' }, '{': { t: 'delim', v: '{' }, '}': { t: 'delim', v: '}' },
};

const WHITE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

/** True for PDF whitespace bytes. */
export const isWhite = (c: number | undefined): boolean => c !== undefined && WHITE[c] === 1;
/** True for bytes that end a regular token (whitespace or delimiter), or the end of data. */
export const endsToken = (c: number | undefined): boolean => c === undefined || WHITE[c] === 1 || DELIM[c] === 1;

/** Skips whitespace and comments from `i`; returns the first other position. */
export function skipWhite(b: Uint8Array, i: number): number {
  while (i < b.length) {
    const c = b[i]!;
    if (WHITE[c]) i++;
    else if (c === 0x25) while (i < b.length && b[i] !== 0x0a && b[i] !== 0x0d) i++;
    else break;
  }
  return i;
}

/** Reads a name after its slash; `#xx` escapes are decoded (invalid ones kept literally, like pdf.js). */
function readName(b: Uint8Array, start: number): { v: string; end: number } {
  let i = start;
  while (!endsToken(b[i])) i++;
  const raw = latin1(b, start, i);
  if (!raw.includes('#')) return { v: raw, end: i };
  const v = raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return { v, end: i };
}

/**
 * A number token. The fraction is one optional group, so a long run of digits
 * that fails to match (ends in a letter) is rejected in one pass; the form
 * `\d+\.?\d*` backtracks quadratically on it (found by bench/fuzz).
 */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

const POWERS_OF_TEN = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * The common number, `[+-]digits[.digits]` with at most 15 digits, read
 * without building a string (object parsing is mostly numbers: widths,
 * references). Exact as Number(): the digits form an exact integer, and one
 * division by an exact power of ten rounds correctly. Null for anything else.
 */
function plainNumber(b: Uint8Array, from: number, to: number): number | null {
  let i = from;
  const sign = b[i] === 0x2d ? -1 : 1;
  if (b[i] === 0x2d || b[i] === 0x2b) i++;
  let value = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < to; i++) {
    const c = b[i]!;
    if (c >= 0x30 && c <= 0x39) {
      value = value * 10 + (c - 0x30);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 0x2e && decimals < 0) decimals = 0;
    else return null;
  }
  if (digits === 0 || digits > 15) return null;
  return sign * (decimals > 0 ? value / POWERS_OF_TEN[decimals]! : value);
}

/** A cursor over PDF bytes that yields tokens. */
export class Lexer {
  readonly bytes: Uint8Array;
  pos: number;
  constructor(bytes: Uint8Array, pos = 0) {
    this.bytes = bytes;
    this.pos = pos;
  }

  /** Reads the next token and advances past it. */
  next(): Token {
    const b = this.bytes;
    const i = skipWhite(b, this.pos);
    const c = b[i];
    if (c === undefined) {
      this.pos = i;
      return EOF_TOKEN;
    }
    switch (c) {
      case 0x28:
        this.pos = i;
        return { t: 'str', v: readLiteralString(b, this) };
      case 0x2f: {
        const { v, end } = readName(b, i + 1);
        this.pos = end;
        return { t: 'name', v };
      }
      case 0x3c:
        if (b[i + 1] === 0x3c) return this.delim(i + 2, '<<');
        this.pos = i;
        return { t: 'str', v: readHexString(b, this) };
      case 0x3e:
        if (b[i + 1] === 0x3e) return this.delim(i + 2, '>>');
        throw new PdfObjectsError(`stray > at ${i}`);
      case 0x5b: return this.delim(i + 1, '[');
      case 0x5d: return this.delim(i + 1, ']');
      case 0x7b: return this.delim(i + 1, '{');
      case 0x7d: return this.delim(i + 1, '}');
      case 0x29: throw new PdfObjectsError(`stray ) at ${i}`);
    }
    return this.word(i);
  }

  private delim(end: number, v: Delim): Token {
    this.pos = end;
    return DELIM_TOKENS[v];
  }

  /** A regular token: a number when it looks like one, otherwise a keyword. */
  private word(start: number): Token {
    let i = start;
    while (!endsToken(this.bytes[i])) i++;
    this.pos = i;
    const n = plainNumber(this.bytes, start, i);
    if (n !== null) return { t: 'num', v: n };
    const text = latin1(this.bytes, start, i);
    if (NUMBER.test(text)) return { t: 'num', v: Number(text) };
    return { t: 'kw', v: text };
  }
}
