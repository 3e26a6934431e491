/**
 * The content-stream tokenizer, a byte-for-byte mirror of pdf.js's Lexer:
 * numbers are parsed by hand as pdf.js does (a stray minus in the middle is
 * ignored, a lone sign is 0), operators are split greedily by the list of
 * known commands, strings are raw bytes. Every call advances or reports the
 * end, so malformed input cannot hang it; what pdf.js would reject becomes
 * Unsupported.
 */
import { hexDigit, latin1, readHexString, readLiteralString, type Cursor } from '../../pdf-objects/pdf-string.ts';
import { PdfObjectsError, type PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';
import { isKnownCommand, OPERATORS, opSpec, type OpSpec } from './operators.ts';

/** An operator or one of the structural tokens `[ ] << >>` (pdf.js's Cmd), with its operand rule if it is an operator. */
export type Cmd = { kind: 'cmd'; cmd: string; spec: OpSpec | undefined };
/** The end of the data. */
export const EOF: unique symbol = Symbol('EOF');
/** One token: an operand value, a command, or the end. */
export type Token = PdfValue | Cmd | typeof EOF;

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

/** A word of up to three bytes as a number: its bytes, then its length. */
const wordKey = (b: Uint8Array, from: number, to: number): number => {
  let key = 0;
  for (let i = from; i < to; i++) key = key * 256 + b[i]!;
  return key * 4 + (to - from);
};

/**
 * Real operators by their bytes, so the lexer finds one without building a
 * string, and hands out names that are source literals: the interpreter's
 * switches then compare interned strings, which is a pointer comparison.
 */
const OPERATOR_BY_KEY = new Map<number, Cmd>(OPERATORS.filter((op) => op.length <= 3).map((op) => {
  const bytes = Uint8Array.from(op, (ch) => ch.charCodeAt(0));
  return [wordKey(bytes, 0, bytes.length), cmd(op)];
}));

/** True if `t` is the command `name`. */
export function isCmd(t: Token, name: string): boolean {
  return typeof t === 'object' && t !== null && !Array.isArray(t) && t.kind === 'cmd' && t.cmd === name;
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
  constructor(bytes: Uint8Array, pos = 0) {
    this.bytes = bytes;
    this.end = bytes.length;
    this.pos = pos;
  }

  /** Reads the next token. */
  next(): Token {
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
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return this.number();
    switch (c) {
      case 0x28: return this.string(readLiteralString);
      case 0x2f: return this.name();
      case 0x5b: this.pos = i + 1; return cmd('[');
      case 0x5d: this.pos = i + 1; return cmd(']');
      case 0x3c:
        if (b[i + 1] === 0x3c) { this.pos = i + 2; return cmd('<<'); }
        return this.string(readHexString);
      case 0x3e:
        if (b[i + 1] === 0x3e) { this.pos = i + 2; return cmd('>>'); }
        this.pos = i + 1;
        return cmd('>');
      case 0x7b: this.pos = i + 1; return cmd('{');
      case 0x7d: this.pos = i + 1; return cmd('}');
      case 0x29: throw new Unsupported('illegal ) in content');
    }
    return this.command();
  }

  /** pdf.js Lexer.getNumber, step for step. */
  private number(): number {
    const { bytes: b, end } = this;
    let i = this.pos;
    let sign = 1;
    let divideBy = 0;
    let ch = b[i];
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
    if (ch === undefined || ch < 0x30 || ch > 0x39) {
      this.pos = i;
      // A lone sign or dot before whitespace, a string or the end reads as 0.
      if (ch === undefined || SPECIAL[ch] === 1 || ch === 0x28 || ch === 0x3c) return 0;
      throw new Unsupported('invalid number in content');
    }
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
    return sign * value;
  }

  private string(reader: (b: Uint8Array, at: Cursor) => string): PdfValue {
    try {
      return { kind: 'string', bytes: reader(this.bytes, this) };
    } catch (e) {
      if (e instanceof PdfObjectsError) throw new Unsupported('unterminated string in content');
      throw e;
    }
  }

  /** A name with `#xx` escapes decoded; other uses of `#` (pdf.js keeps them with warnings) are Unsupported. */
  private name(): PdfValue {
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
    if (!escaped) return { kind: 'name', name: latin1(b, start, i) };
    let out = '';
    for (let j = start; j < i; j++) {
      if (b[j] === 0x23) {
        out += String.fromCharCode((hexDigit(b[j + 1]!) << 4) | hexDigit(b[j + 2]!));
        j += 2;
      } else out += String.fromCharCode(b[j]!);
    }
    return { kind: 'name', name: out };
  }

  /** An operator, split greedily along pdf.js's known commands. */
  private command(): Token {
    const { bytes: b, end } = this;
    let stop = this.pos;
    while (stop < end && SPECIAL[b[stop]!] === 0 && stop - this.pos < 8) stop++;
    // A whole word that is a real operator reads the same greedily: every operator's
    // prefixes that the greedy walk could stop at are operators followed by a known longer one.
    if (stop - this.pos <= 3 && (stop >= end || SPECIAL[b[stop]!] !== 0)) {
      const op = OPERATOR_BY_KEY.get(wordKey(b, this.pos, stop));
      if (op) {
        this.pos = stop;
        return op;
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
    if (str === 'true') return true;
    if (str === 'false') return false;
    if (str === 'null') return null;
    return cmd(str);
  }
}
