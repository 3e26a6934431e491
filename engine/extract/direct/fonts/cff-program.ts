/**
 * What a bare CFF font program (FontFile3 /Subtype /Type1C, as dvipdfmx and
 * Ghostscript embed Type 1 fonts) says about text: the name of the glyph
 * each code selects (its built-in encoding through its charset) and its
 * FontMatrix. Read after Adobe TN 5176; only the first font of the FontSet,
 * and no CID-keyed fonts. Malformed data throws Unsupported.
 */
import { Unsupported } from '../types.ts';
import { CFF_STANDARD_STRINGS } from './cff-standard-strings.ts';
import { STANDARD_ENCODING } from './encodings.ts';
import type { BuiltinEncoding } from './type1-builtin-encoding.ts';

/** The facts of a CFF program the text reader uses. */
export type CffFacts = { builtin: BuiltinEncoding; fontMatrix: number[] | null };

/** Top DICT operators (12 x is written 1200 + x). */
const OP = { charset: 15, encoding: 16, charStrings: 17, fontMatrix: 1207, ros: 1230 } as const;

class Reader {
  private readonly data: Uint8Array;
  constructor(data: Uint8Array) {
    this.data = data;
  }

  byte(at: number): number {
    const b = this.data[at];
    if (b === undefined) throw new Unsupported('CFF program ends early');
    return b;
  }

  card16(at: number): number {
    return (this.byte(at) << 8) | this.byte(at + 1);
  }

  /** An offset of `size` bytes (1–4). */
  offset(at: number, size: number): number {
    let v = 0;
    for (let i = 0; i < size; i++) v = v * 256 + this.byte(at + i);
    return v;
  }

  slice(from: number, to: number): Uint8Array {
    if (to < from || to > this.data.length) throw new Unsupported('CFF INDEX entry out of range');
    return this.data.subarray(from, to);
  }
}

/** An INDEX at `at`: its entries and the offset just after it. */
function readIndex(r: Reader, at: number): { items: Uint8Array[]; end: number } {
  const count = r.card16(at);
  if (count === 0) return { items: [], end: at + 2 };
  const size = r.byte(at + 2);
  if (size < 1 || size > 4) throw new Unsupported('CFF INDEX with a bad offset size');
  const offsets = at + 3;
  const base = offsets + (count + 1) * size - 1;
  const items: Uint8Array[] = [];
  let prev = r.offset(offsets, size);
  for (let i = 1; i <= count; i++) {
    const next = r.offset(offsets + i * size, size);
    items.push(r.slice(base + prev, base + next));
    prev = next;
  }
  return { items, end: base + prev };
}

/** A real number operand (nibbles after byte 30). */
function readReal(r: Reader, at: number): { value: number; end: number } {
  let text = '';
  for (let i = at; ; i++) {
    const b = r.byte(i);
    for (const nib of [b >> 4, b & 15]) {
      if (nib === 15) return { value: Number(text), end: i + 1 };
      text += nib <= 9 ? String(nib) : ['.', 'E', 'E-', '', '-'][nib - 10];
    }
  }
}

/** A DICT's operands by operator. */
function readDict(bytes: Uint8Array): Map<number, number[]> {
  const r = new Reader(bytes);
  const out = new Map<number, number[]>();
  let operands: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    const b0 = bytes[i]!;
    if (b0 <= 21) {
      const op = b0 === 12 ? 1200 + r.byte(i + 1) : b0;
      i += b0 === 12 ? 2 : 1;
      out.set(op, operands);
      operands = [];
    } else if (b0 === 28) {
      operands.push(((r.byte(i + 1) << 24) | (r.byte(i + 2) << 16)) >> 16);
      i += 3;
    } else if (b0 === 29) {
      operands.push((r.byte(i + 1) << 24) | (r.byte(i + 2) << 16) | (r.byte(i + 3) << 8) | r.byte(i + 4));
      i += 5;
    } else if (b0 === 30) {
      const real = readReal(r, i + 1);
      operands.push(real.value);
      i = real.end;
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      i += 1;
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + r.byte(i + 1) + 108);
      i += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - r.byte(i + 1) - 108);
      i += 2;
    } else {
      throw new Unsupported(`CFF DICT byte ${b0}`);
    }
  }
  return out;
}

/** Glyph id → string id, from the charset at `offset` (0: ISOAdobe; the expert charsets are refused). */
function readCharset(r: Reader, offset: number, glyphs: number): number[] {
  const sids = [0];
  if (offset === 0) {
    for (let g = 1; g < glyphs && g <= 228; g++) sids.push(g);
    return sids;
  }
  if (offset === 1 || offset === 2) throw new Unsupported('CFF expert charset');
  const format = r.byte(offset);
  let at = offset + 1;
  if (format === 0) {
    for (let g = 1; g < glyphs; g++, at += 2) sids.push(r.card16(at));
  } else if (format === 1 || format === 2) {
    while (sids.length < glyphs) {
      const first = r.card16(at);
      const left = format === 1 ? r.byte(at + 2) : r.card16(at + 2);
      at += format === 1 ? 3 : 4;
      for (let k = 0; k <= left && sids.length < glyphs; k++) sids.push(first + k);
    }
  } else {
    throw new Unsupported(`CFF charset format ${format}`);
  }
  return sids;
}

/** Code → glyph name, from the custom encoding at `offset`; `names` by glyph id, `strings` the String INDEX. */
function readEncoding(r: Reader, offset: number, names: string[], strings: Uint8Array[]): Map<number, string> {
  const out = new Map<number, string>();
  const format = r.byte(offset);
  let at = offset + 1;
  let gid = 1;
  if ((format & 0x7f) === 0) {
    const n = r.byte(at++);
    for (let k = 0; k < n; k++, gid++) out.set(r.byte(at++), names[gid] ?? '');
  } else if ((format & 0x7f) === 1) {
    const ranges = r.byte(at++);
    for (let k = 0; k < ranges; k++, at += 2) {
      const first = r.byte(at);
      const left = r.byte(at + 1);
      for (let c = first; c <= first + left && c < 256; c++, gid++) out.set(c, names[gid] ?? '');
    }
  } else {
    throw new Unsupported(`CFF encoding format ${format & 0x7f}`);
  }
  if (format & 0x80) {
    // Supplements: more codes for glyphs named by string id.
    const n = r.byte(at++);
    for (let k = 0; k < n; k++, at += 3) out.set(r.byte(at), sidName(r.card16(at + 1), strings));
  }
  for (const [code, name] of out) if (name === '') out.delete(code);
  return out;
}

function sidName(sid: number, strings: Uint8Array[]): string {
  if (sid < CFF_STANDARD_STRINGS.length) return CFF_STANDARD_STRINGS[sid]!;
  const s = strings[sid - CFF_STANDARD_STRINGS.length];
  return s ? Buffer.from(s.buffer, s.byteOffset, s.byteLength).toString('latin1') : '';
}

/** True if `data` starts like a CFF program (major version 1, a sane header size). */
export function looksLikeCff(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 1 && data[2]! >= 4 && data[3]! >= 1 && data[3]! <= 4;
}

/** Reads the first font of a CFF FontSet. */
export function readCffProgram(data: Uint8Array): CffFacts {
  if (!looksLikeCff(data)) throw new Unsupported('not a CFF program');
  const r = new Reader(data);
  const names = readIndex(r, data[2]!);
  const top = readIndex(r, names.end);
  const strings = readIndex(r, top.end);
  if (top.items.length === 0) throw new Unsupported('CFF without a Top DICT');
  const dict = readDict(top.items[0]!);
  if (dict.has(OP.ros)) throw new Unsupported('CID-keyed CFF in a simple font');
  const charStrings = dict.get(OP.charStrings)?.[0];
  if (charStrings === undefined) throw new Unsupported('CFF without CharStrings');
  const glyphs = r.card16(charStrings);
  const sids = readCharset(r, dict.get(OP.charset)?.[0] ?? 0, glyphs);
  const glyphNames = sids.map((sid) => sidName(sid, strings.items));
  const encoding = dict.get(OP.encoding)?.[0] ?? 0;
  if (encoding === 1) throw new Unsupported('CFF expert encoding');
  const builtin: BuiltinEncoding = encoding === 0 ? { kind: 'named', encoding: STANDARD_ENCODING }
    : { kind: 'names', names: readEncoding(r, encoding, glyphNames, strings.items) };
  const matrix = dict.get(OP.fontMatrix);
  return { builtin, fontMatrix: matrix && matrix.length === 6 ? matrix : null };
}
