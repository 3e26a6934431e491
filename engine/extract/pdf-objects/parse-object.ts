/**
 * Tokens → PDF values. Depth and token count are capped so a hostile object
 * (deep nesting, a gigantic array) costs bounded time and stack.
 */
import { Lexer, type Token } from './lexer.ts';
import { PdfObjectsError, type PdfDict, type PdfValue } from './values.ts';

/** Deeper nesting than this is refused; real files stay in single digits. */
const MAX_DEPTH = 32;
/** Tokens one object may use: room for an /Annots or /Kids array of ~100k refs. */
const MAX_TOKENS = 400_000;

/** Reads PDF values from a lexer, with two tokens of look-ahead for `num gen R`. */
export class Parser {
  /**
   * The look-ahead: up to two tokens read by peek() and not yet consumed,
   * `ahead0` first. Two fields rather than an array queue: shift() runs per
   * token, and Array.prototype.shift is a builtin call even on an empty array.
   */
  private ahead0: Token | null = null;
  private ahead1: Token | null = null;
  private tokens = 0;
  private readonly lexer: Lexer;
  constructor(lexer: Lexer) {
    this.lexer = lexer;
  }

  /** Parses one value; throws PdfObjectsError on malformed or over-limit input. */
  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) throw new PdfObjectsError('object nested too deeply');
    const tok = this.shift();
    switch (tok.t) {
      case 'num': return this.numberOrRef(tok.v);
      case 'name': return { kind: 'name', name: tok.v };
      case 'str': return { kind: 'string', bytes: tok.v };
      case 'kw':
        if (tok.v === 'true') return true;
        if (tok.v === 'false') return false;
        if (tok.v === 'null') return null;
        throw new PdfObjectsError(`unexpected keyword ${tok.v.slice(0, 20)}`);
      case 'delim':
        if (tok.v === '[') return this.array(depth);
        if (tok.v === '<<') return this.dict(depth);
        throw new PdfObjectsError(`unexpected ${tok.v}`);
      case 'eof': throw new PdfObjectsError('unexpected end of data');
    }
  }

  /** The next token (k = 0) or the one after it (k = 1), without consuming it. */
  peek(k: 0 | 1 = 0): Token {
    this.ahead0 ??= this.lexer.next();
    if (k === 0) return this.ahead0;
    this.ahead1 ??= this.lexer.next();
    return this.ahead1;
  }

  /** Consumes and returns the next token. */
  shift(): Token {
    if (++this.tokens > MAX_TOKENS) throw new PdfObjectsError('object too large');
    const t = this.ahead0;
    if (t === null) return this.lexer.next();
    this.ahead0 = this.ahead1;
    this.ahead1 = null;
    return t;
  }

  private numberOrRef(n: number): PdfValue {
    const gen = this.peek(0);
    if (Number.isInteger(n) && n >= 0 && gen.t === 'num' && Number.isInteger(gen.v) && gen.v >= 0) {
      const r = this.peek(1);
      if (r.t === 'kw' && r.v === 'R') {
        this.shift();
        this.shift();
        return { kind: 'ref', num: n, gen: gen.v };
      }
    }
    return n;
  }

  private array(depth: number): PdfValue[] {
    const out: PdfValue[] = [];
    for (;;) {
      const t = this.peek();
      if (t.t === 'delim' && t.v === ']') {
        this.shift();
        return out;
      }
      out.push(this.value(depth + 1));
    }
  }

  private dict(depth: number): PdfDict {
    const map = new Map<string, PdfValue>();
    for (;;) {
      const t = this.shift();
      if (t.t === 'delim' && t.v === '>>') return { kind: 'dict', map };
      if (t.t !== 'name') throw new PdfObjectsError('dictionary key is not a name');
      // Duplicate keys: the last one wins, as in pdf.js.
      map.set(t.v, this.value(depth + 1));
    }
  }
}

/** Parses the single value that starts at `pos`. */
export function parseValueAt(bytes: Uint8Array, pos: number): PdfValue {
  return new Parser(new Lexer(bytes, pos)).value();
}
