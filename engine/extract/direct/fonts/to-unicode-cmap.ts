/**
 * Reads a /ToUnicode CMap stream the way pdf.js does: only bfchar and bfrange
 * entries count (codespace ranges do not limit them), a malformed section is
 * abandoned and reading resumes after it, and destinations are UTF-16BE
 * (surrogate pairs joined). Anything pdf.js would resolve through a built-in
 * CMap (usecmap, an identity map, CID sections) is refused.
 */
import { Lexer, type Token } from '../../pdf-objects/lexer.ts';
import { PdfObjectsError } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';

/**
 * Mapped entries a CMap may hold before we give up (pdf.js allows more; refusing is always safe):
 * twice a full two-byte code space. Each entry costs microseconds, so a few hundred bytes of
 * hostile bfrange asking for 2^20 codes cost seconds per font (found by bench/fuzz).
 */
const MAX_ENTRIES = 1 << 17;
/**
 * Destination bytes a CMap's bfranges may expand to: each code of a range gets
 * its own copy of the destination, so a short CMap with a wide range and a long
 * destination costs seconds (found by bench/fuzz). Real ranges have destinations
 * of a few bytes: 65,536 codes × 8 bytes is well inside.
 */
const MAX_RANGE_BYTES = 1 << 23;

type Tok =
  | { t: 'num'; v: number } | { t: 'str'; v: string } | { t: 'name'; v: string } | { t: 'cmd'; v: string } | { t: 'eof' };

/** A section pdf.js abandons with a FormatError; the outer loop carries on. */
class SectionError extends Error {}

class CMapReader {
  readonly raw = new Map<number, string>();
  name = '';
  private readonly lexer: Lexer;
  private entries = 0;
  private rangeBytes = 0;
  constructor(data: Uint8Array) {
    this.lexer = new Lexer(data, 0);
  }

  next(): Tok {
    let tok: Token;
    try {
      tok = this.lexer.next();
    } catch (err) {
      if (err instanceof PdfObjectsError) throw new Unsupported(`ToUnicode CMap: ${err.message}`);
      throw err;
    }
    if (tok.t === 'kw' || tok.t === 'delim') return { t: 'cmd', v: tok.v };
    return tok;
  }

  private count(n: number): void {
    this.entries += Math.max(0, n);
    if (this.entries > MAX_ENTRIES) throw new Unsupported('ToUnicode CMap too large');
  }

  private str(tok: Tok): string {
    if (tok.t !== 'str') throw new SectionError('expected string');
    return tok.v;
  }

  bfchar(): void {
    for (;;) {
      const tok = this.next();
      if (tok.t === 'eof' || (tok.t === 'cmd' && tok.v === 'endbfchar')) return;
      const src = strToInt(this.str(tok));
      this.count(1);
      this.raw.set(src, this.str(this.next()));
    }
  }

  bfrange(): void {
    for (;;) {
      const tok = this.next();
      if (tok.t === 'eof') throw new SectionError('Invalid bf range');
      if (tok.t === 'cmd' && tok.v === 'endbfrange') return;
      const low = strToInt(this.str(tok));
      const high = strToInt(this.str(this.next()));
      const dst = this.next();
      if (dst.t === 'str') this.range(low, high, dst.v);
      else if (dst.t === 'cmd' && dst.v === '[') this.rangeArray(low, high);
      else if (dst.t === 'num') throw new Unsupported('ToUnicode bfrange to a number');
      else throw new SectionError('Invalid bf range');
    }
  }

  /** Consecutive codes get consecutive destinations: the last byte counts up, carrying once. */
  private range(low: number, high: number, dst: string): void {
    this.count(high - low + 1);
    this.rangeBytes += Math.max(0, high - low + 1) * dst.length;
    if (this.rangeBytes > MAX_RANGE_BYTES) throw new Unsupported('ToUnicode bfranges expand too far');
    const last = dst.length - 1;
    for (let code = low; code <= high; code++) {
      this.raw.set(code, dst);
      const next = dst.charCodeAt(last) + 1;
      if (next <= 0xff) {
        dst = dst.slice(0, last) + String.fromCharCode(next);
      } else {
        if (last < 1) throw new Unsupported('ToUnicode bfrange carry out of a one-byte destination');
        dst = dst.slice(0, last - 1) + String.fromCharCode(dst.charCodeAt(last - 1) + 1) + '\x00';
      }
    }
  }

  private rangeArray(low: number, high: number): void {
    const items: Tok[] = [];
    for (let tok = this.next(); !(tok.t === 'cmd' && tok.v === ']') && tok.t !== 'eof'; tok = this.next()) items.push(tok);
    this.count(Math.min(high - low + 1, items.length));
    for (let i = 0, code = low; code <= high && i < items.length; i++, code++) {
      const item = items[i]!;
      if (item.t !== 'str') throw new Unsupported('ToUnicode bfrange array with a non-string');
      this.raw.set(code, item.v);
    }
  }

  /** pdf.js reads pairs of strings and stops at anything else; the ranges do not affect ToUnicode. */
  codespace(): void {
    for (;;) {
      const tok = this.next();
      if (tok.t === 'cmd' && tok.v === 'endcodespacerange') return;
      if (tok.t !== 'str' || this.next().t !== 'str') throw new SectionError('Invalid codespace range');
    }
  }
}

/** Big-endian bytes → unsigned integer, as pdf.js's strToInt. */
export function strToInt(s: string): number {
  let a = 0;
  for (let i = 0; i < s.length; i++) a = (a << 8) | s.charCodeAt(i);
  return a >>> 0;
}

/** A destination string (bytes) → text: UTF-16BE, a leading zero byte added to odd lengths, surrogates joined. */
export function utf16Text(bytes: string): string {
  const s = bytes.length % 2 ? '\x00' + bytes : bytes;
  const out: number[] = [];
  for (let k = 0; k < s.length; k += 2) {
    const w1 = (s.charCodeAt(k) << 8) | s.charCodeAt(k + 1);
    if ((w1 & 0xf800) !== 0xd800) {
      out.push(w1);
      continue;
    }
    k += 2;
    // Past the end charCodeAt is NaN, which the bit operations turn into 0, as in pdf.js.
    const w2 = (s.charCodeAt(k) << 8) | s.charCodeAt(k + 1);
    out.push(((w1 & 0x3ff) << 10) + (w2 & 0x3ff) + 0x10000);
  }
  return String.fromCodePoint(...out);
}

function dispatch(r: CMapReader, cmd: string): 'stop' | void {
  switch (cmd) {
    case 'endcmap': return 'stop';
    case 'begincodespacerange': return r.codespace();
    case 'beginbfchar': return r.bfchar();
    case 'beginbfrange': return r.bfrange();
    case 'begincidchar':
    case 'begincidrange': throw new Unsupported('ToUnicode with CID sections');
  }
}

/**
 * Parses ToUnicode CMap data into code → text. An empty map means pdf.js
 * ignores the CMap (it then uses the encoding, as if there were none).
 */
export function parseToUnicode(data: Uint8Array): Map<number, string> {
  const r = new CMapReader(data);
  let previous: Tok | null = null;
  for (;;) {
    const tok = r.next();
    if (tok.t === 'eof') break;
    if (tok.t === 'name') {
      // pdf.js reads the value after /WMode and /CMapName whatever it is.
      if (tok.v === 'WMode') r.next();
      else if (tok.v === 'CMapName') {
        const v = r.next();
        if (v.t === 'name') r.name = v.v;
      }
      previous = tok;
    } else if (tok.t === 'cmd') {
      if (tok.v === 'usecmap' && previous?.t === 'name') throw new Unsupported('ToUnicode usecmap');
      try {
        if (dispatch(r, tok.v) === 'stop') break;
      } catch (err) {
        if (!(err instanceof SectionError)) throw err;
      }
    }
  }
  if ((r.name === 'Identity-H' || r.name === 'Identity-V') && r.raw.size === 0x10000) throw new Unsupported('identity ToUnicode');
  const out = new Map<number, string>();
  for (const [code, bytes] of r.raw) out.set(code, utf16Text(bytes));
  return out;
}
