/**
 * The built-in encoding of a Type 1 font program: the `/Encoding` of its
 * clear-text header (`/Encoding StandardEncoding def`, or `256 array … dup 65
 * /A put … readonly def`). TeX fonts (CMR10, CMMI10, …) embedded without a
 * /ToUnicode get their text from it, as in pdf.js (adjustType1ToUnicode) and
 * pdftotext: code 0x0C of CMR10 is the glyph `fi`, code 0x7B is `endash`.
 * Tokens are read as pdf.js's Type1Parser reads them.
 */
import { MAC_ROMAN_ENCODING, STANDARD_ENCODING, WIN_ANSI_ENCODING, type Encoding } from './encodings.ts';

/**
 * A built-in encoding: glyph names by code, or a standard encoding by name
 * ('unsupported': one pdf.js knows and we do not carry, such as Symbol's).
 */
export type BuiltinEncoding = { kind: 'names'; names: Map<number, string> } | { kind: 'named'; encoding: Encoding | 'unsupported' };

/**
 * By char code: 1 for white space, 2 for the PostScript delimiters that
 * pdf.js's Type1Parser returns as one-character tokens, 0 otherwise. A table,
 * not a regular expression and a set: the header is read char by char.
 */
const CLASS = new Uint8Array(256);
for (const c of '\0\t\n\f\r ') CLASS[c.charCodeAt(0)] = 1;
for (const c of '/[]{}()') CLASS[c.charCodeAt(0)] = 2;
const WHITE = 1;
const SPECIAL = 2;
/** The class of the char at `i` of a latin1 string (every code is below 256). */
const classAt = (t: string, i: number): number => CLASS[t.charCodeAt(i)]!;

/** pdf.js's getToken over a latin1 string: comments and white space skipped, delimiters alone. */
class Tokens {
  private at: number;
  private readonly text: string;
  constructor(text: string, from: number) {
    this.text = text;
    this.at = from;
  }

  next(): string | null {
    const t = this.text;
    for (;;) {
      if (this.at >= t.length) return null;
      const c = t[this.at]!;
      if (c === '%') {
        while (this.at < t.length && t[this.at] !== '\n' && t[this.at] !== '\r') this.at++;
      } else if (classAt(t, this.at) === WHITE) {
        this.at++;
      } else {
        break;
      }
    }
    if (classAt(t, this.at) === SPECIAL) return t[this.at++]!;
    const start = this.at;
    while (this.at < t.length && classAt(t, this.at) === 0 && t[this.at] !== '%') this.at++;
    return t.slice(start, this.at);
  }
}

/** Encodings pdf.js's getEncoding knows that we do not carry. */
const NOT_CARRIED = new Set(['SymbolSetEncoding', 'ZapfDingbatsEncoding', 'MacExpertEncoding']);

/** pdf.js's getEncoding: null for a name it does not know (the font then has no built-in encoding). */
function byName(name: string): Encoding | 'unsupported' | null {
  if (name === 'StandardEncoding') return STANDARD_ENCODING;
  if (name === 'WinAnsiEncoding') return WIN_ANSI_ENCODING;
  if (name === 'MacRomanEncoding') return MAC_ROMAN_ENCODING;
  return NOT_CARRIED.has(name) ? 'unsupported' : null;
}

/** The `dup CODE /NAME put` entries of a numbered encoding array, up to `size` of them or its `def`. */
function readNames(tokens: Tokens, size: number): Map<number, string> {
  const names = new Map<number, string>();
  tokens.next(); // 'array'
  for (let j = 0; j < size; j++) {
    let token = tokens.next();
    while (token !== 'dup' && token !== 'def') {
      if (token === null) return names;
      token = tokens.next();
    }
    if (token === 'def') break;
    const code = parseInt(tokens.next() ?? '0', 10) | 0;
    tokens.next(); // '/'
    const name = tokens.next();
    tokens.next(); // 'put'
    if (name !== null) names.set(code, name);
  }
  return names;
}

/** The clear-text header: up to `eexec`, after a PFB segment header if there is one. */
function header(data: Uint8Array): string {
  const from = data[0] === 0x80 && data[1] === 0x01 ? 6 : 0;
  const text = Buffer.from(data.buffer, data.byteOffset + from, data.byteLength - from).toString('latin1');
  const eexec = text.indexOf('eexec');
  return eexec < 0 ? text : text.slice(0, eexec);
}

/**
 * The program's built-in encoding, or null when its header has none that
 * pdf.js would take (no /Encoding, or one by a name it does not know): pdf.js
 * then leaves the text alone.
 */
export function type1BuiltinEncoding(data: Uint8Array): BuiltinEncoding | null {
  const text = header(data);
  let found: BuiltinEncoding | null = null;
  // Each /Encoding key sets it again, as in pdf.js's extractFontHeader: the last one counts.
  for (const m of text.matchAll(/\/Encoding(?=[\0\t\n\f\r %/[\]{}()])/g)) {
    const tokens = new Tokens(text, m.index + m[0].length);
    const arg = tokens.next();
    if (arg !== null && /^\d+$/.test(arg)) {
      found = { kind: 'names', names: readNames(tokens, parseInt(arg, 10) | 0) };
    } else {
      const encoding = arg === null ? null : byName(arg);
      found = encoding ? { kind: 'named', encoding } : null;
    }
  }
  return found;
}
