/**
 * The content-stream tokenizer, a byte-for-byte mirror of pdf.js's Lexer:
 * numbers are parsed by hand as pdf.js does (a stray minus in the middle is
 * ignored, a lone sign is 0), operators are split greedily by the list of
 * known commands, strings are raw bytes. Every call advances or reports the
 * end, so malformed input cannot hang it; what pdf.js would reject becomes
 * Unsupported.
 *
 * A token is reported by its kind, its content left on the lexer: a number
 * as a double field and a string as bytes in the lexer's byte sink, so that
 * neither is boxed or allocated on the way to the operand stack.
 */
import { byteSink, hexDigit, latin1, readHexInto, readLiteralInto, type ByteSink, type Cursor } from '../../pdf-objects/pdf-string.ts';
import { PdfObjectsError, type PdfName } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';
import { isKnownCommand, OPERATORS, opSpec, type OpSpec } from './operators.ts';

/** An operator or one of the structural tokens `[ ] << >>` (pdf.js's Cmd), with its operand rule if it is an operator. */
export type Cmd = { kind: 'cmd'; cmd: string; spec: OpSpec | undefined };

/** The end of the data. */
export const EOF = 0;
/** A number, in `number`. */
export const NUMBER = 1;
/** A string, bytes [stringFrom, stringTo) of `strings.buf`. */
export const STRING = 2;
/** A name, true, false or null, in `value`. */
export const VALUE = 3;
/** An operator or structural token, in `command`. */
export const COMMAND = 4;
/** What `next()` read. */
export type TokenKind = typeof EOF | typeof NUMBER | typeof STRING | typeof VALUE | typeof COMMAND;

/** pdf.js specialChars: 1 for whitespace, 2 for delimiters. */
const SPECIAL = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) SPECIAL[c] = 1;
for (const c of '()<>[]{}/%') SPECIAL[c.charCodeAt(0)] = 2;

const CMDS = new Map<string, Cmd>();
/** The shared Cmd token for `cmd` (commands are compared by name, so sharing saves allocations). */
export function cmd(name: string): Cmd {
  let c = CMDS.get(name);
  if (!c) {
    c = { kind: 'cmd', cmd: name, spec: opSpec(name) };
    if (CMDS.size < 4096) CMDS.set(name, c);
  }
  return c;
}

/** A word of two ASCII bytes (or one, `b1` 0) as an index of SHORT_OPERATORS. */
const shortKey = (b0: number, b1: number): number => (b0 << 7) | b1;
/** A word of three bytes as a key of LONG_OPERATORS. */
const longKey = (b0: number, b1: number, b2: number): number => (b0 << 16) | (b1 << 8) | b2;

/**
 * Real operators by their bytes, so the lexer finds one without building a
 * string: those of one or two bytes in a table (one element read per
 * operator, most of a content stream's), those of three in a map.
 */
const SHORT_OPERATORS: (Cmd | undefined)[] = new Array<Cmd | undefined>(128 * 128).fill(undefined);
const LONG_OPERATORS = new Map<number, Cmd>();
for (const op of OPERATORS) {
  const c = (i: number): number => op.charCodeAt(i);
  if (op.length <= 2) SHORT_OPERATORS[shortKey(c(0), op.length === 2 ? c(1) : 0)] = cmd(op);
  else if (op.length === 3) LONG_OPERATORS.set(longKey(c(0), c(1), c(2)), cmd(op));
}

/** A cursor over content bytes. */
export class ContentLexer {
  readonly bytes: Uint8Array;
  /**
   * bytes.length, read once: Maglev's code (the top tier of a short batch's
   * children) calls out for a typed array's length, and the loops below
   * asked for it at every byte (about 2 % of such a child's CPU).
   */
  readonly end: number;
  pos: number;
  /** The last NUMBER read. */
  number = 0;
  /** The last VALUE read. */
  value: PdfName | boolean | null = null;
  /** The last COMMAND read. */
  command: Cmd = cmd(']');
  /**
   * Where strings are decoded, one after another; the reader empties it
   * (`strings.end = 0`) once it is done with the strings read so far.
   */
  readonly strings: ByteSink = byteSink(64);
  /** The last STRING read: bytes [stringFrom, stringTo) of `strings.buf`. */
  stringFrom = 0;
  stringTo = 0;
  constructor(bytes: Uint8Array, pos = 0) {
    this.bytes = bytes;
    this.end = bytes.length;
    this.pos = pos;
  }

  /** Reads the next token. */
  next(): TokenKind {
    const { bytes: b, end } = this;
    let i = this.pos;
    // Whitespace and comments; a comment runs to the end of its line.
    while (i < end) {
      const c = b[i]!;
      if (c === 0x25) while (i < end && b[i] !== 0x0a && b[i] !== 0x0d) i++;
      else if (SPECIAL[c] === 1) i++;
      else break;
    }
    this.pos = i;
    if (i >= end) return EOF;
    const c = b[i]!;
    // Numbers are most of the tokens, read here rather than in a call of their own.
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      // pdf.js Lexer.getNumber, step for step.
      let sign = 1;
      let divideBy = 0;
      let ch: number | undefined = c;
      if (ch === 0x2d) {
        sign = -1;
        ch = b[++i];
        if (ch === 0x2d) ch = b[++i];
      } else if (ch === 0x2b) ch = b[++i];
      while (ch === 0x0a || ch === 0x0d) ch = b[++i];
      if (ch === 0x2e) {
        divideBy = 10;
        ch = b[++i];
      }
      if (ch === undefined || ch < 0x30 || ch > 0x39) return this.noDigits(i, ch);
      let value = ch - 0x30;
      for (i++; i < end; i++) {
        ch = b[i]!;
        if (ch >= 0x30 && ch <= 0x39) {
          if (divideBy !== 0) divideBy *= 10;
          value = value * 10 + (ch - 0x30);
        } else if (ch === 0x2e) {
          if (divideBy === 0) divideBy = 1;
          else break;
        } else if (ch !== 0x2d) break; // pdf.js skips a minus sign in the middle of a number
      }
      this.pos = i;
      if (divideBy !== 0) value /= divideBy;
      this.number = sign * value;
      return NUMBER;
    }
    switch (c) {
      case 0x28: return this.string(readLiteralInto);
      case 0x2f: return this.name();
      case 0x5b: return this.structural(i + 1, '[');
      case 0x5d: return this.structural(i + 1, ']');
      case 0x3c: return b[i + 1] === 0x3c ? this.structural(i + 2, '<<') : this.string(readHexInto);
      case 0x3e: return b[i + 1] === 0x3e ? this.structural(i + 2, '>>') : this.structural(i + 1, '>');
      case 0x7b: return this.structural(i + 1, '{');
      case 0x7d: return this.structural(i + 1, '}');
      case 0x29: throw new Unsupported('illegal ) in content');
    }
    return this.readCommand();
  }

  /** A sign or dot at `i` followed by `ch`, not a digit: 0 before whitespace, a string or the end, as in pdf.js. */
  private noDigits(i: number, ch: number | undefined): TokenKind {
    this.pos = i;
    if (ch === undefined || SPECIAL[ch] === 1 || ch === 0x28 || ch === 0x3c) {
      this.number = 0;
      return NUMBER;
    }
    throw new Unsupported('invalid number in content');
  }

  private structural(pos: number, name: string): TokenKind {
    this.pos = pos;
    this.command = cmd(name);
    return COMMAND;
  }

  private string(reader: (b: Uint8Array, at: Cursor, sink: ByteSink) => void): TokenKind {
    try {
      this.stringFrom = this.strings.end;
      reader(this.bytes, this, this.strings);
      this.stringTo = this.strings.end;
      return STRING;
    } catch (e) {
      if (e instanceof PdfObjectsError) throw new Unsupported('unterminated string in content');
      throw e;
    }
  }

  /** A name with `#xx` escapes decoded; other uses of `#` (pdf.js keeps them with warnings) are Unsupported. */
  private name(): TokenKind {
    const { bytes: b, end } = this;
    const start = this.pos + 1;
    let i = start;
    let escaped = false;
    while (i < end && SPECIAL[b[i]!] === 0) {
      if (b[i] === 0x23) {
        if (hexDigit(b[i + 1] ?? -1) < 0 || hexDigit(b[i + 2] ?? -1) < 0) throw new Unsupported('invalid name escape');
        escaped = true;
        i += 3;
      } else i++;
    }
    this.pos = i;
    if (!escaped) {
      this.value = { kind: 'name', name: latin1(b, start, i) };
      return VALUE;
    }
    let out = '';
    for (let j = start; j < i; j++) {
      if (b[j] === 0x23) {
        out += String.fromCharCode((hexDigit(b[j + 1]!) << 4) | hexDigit(b[j + 2]!));
        j += 2;
      } else out += String.fromCharCode(b[j]!);
    }
    this.value = { kind: 'name', name: out };
    return VALUE;
  }

  /** An operator, split greedily along pdf.js's known commands. */
  private readCommand(): TokenKind {
    const { bytes: b, end } = this;
    let stop = this.pos;
    while (stop < end && SPECIAL[b[stop]!] === 0 && stop - this.pos < 8) stop++;
    // A whole word that is a real operator reads the same greedily: every operator's
    // prefixes that the greedy walk could stop at are operators followed by a known longer one.
    const length = stop - this.pos;
    if (length <= 3 && (stop >= end || SPECIAL[b[stop]!] !== 0)) {
      const b0 = b[this.pos]!, b1 = length > 1 ? b[this.pos + 1]! : 0;
      const op = length === 3 ? LONG_OPERATORS.get(longKey(b0, b1, b[this.pos + 2]!)) : (b0 | b1) < 128 ? SHORT_OPERATORS[shortKey(b0, b1)] : undefined;
      if (op) {
        this.pos = stop;
        this.command = op;
        return COMMAND;
      }
    }
    let i = this.pos;
    let str = String.fromCharCode(b[i]!);
    let known = isKnownCommand(str);
    for (i++; i < end && SPECIAL[b[i]!] === 0; i++) {
      const longer = str + String.fromCharCode(b[i]!);
      if (known && !isKnownCommand(longer)) break;
      if (str.length >= 128) throw new Unsupported('command token too long');
      str = longer;
      known = isKnownCommand(str);
    }
    this.pos = i;
    if (str === 'true' || str === 'false' || str === 'null') {
      this.value = str === 'null' ? null : str === 'true';
      return VALUE;
    }
    this.command = cmd(str);
    return COMMAND;
  }
}
