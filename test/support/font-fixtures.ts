/**
 * Hand-built PDF objects for the font tests: an in-memory ObjectSource and
 * the smallest font programs pdf.js would accept as TrueType or Type 1, and a bare CFF.
 */
import { isRef, type PdfDict, type PdfName, type PdfRef, type PdfString, type PdfValue } from '../../engine/extract/pdf-objects/values.ts';
import { Unsupported, type ObjectSource } from '../../engine/extract/direct/types.ts';
import { CFF_STANDARD_STRINGS } from '../../engine/extract/direct/fonts/cff-standard-strings.ts';

/** /Name */
export const n = (name: string): PdfName => ({ kind: 'name', name });
/** A string of raw bytes. */
export const s = (bytes: string): PdfString => ({ kind: 'string', bytes });
/** A dictionary from a plain object. */
export const d = (entries: Record<string, PdfValue>): PdfDict => ({ kind: 'dict', map: new Map(Object.entries(entries)) });

/** Objects and streams held in memory, numbered from 1. */
export class MemoryObjects implements ObjectSource {
  private readonly values = new Map<number, PdfValue>();
  private readonly data = new Map<number, Uint8Array>();

  /** Stores a value and returns a reference to it. */
  add(value: PdfValue): PdfRef {
    const num = this.values.size + 1;
    this.values.set(num, value);
    return { kind: 'ref', num, gen: 0 };
  }

  /** Stores a stream (its dictionary and decoded bytes). */
  addStream(bytes: Uint8Array | string, dict: PdfDict = d({})): PdfRef {
    const ref = this.add(dict);
    this.data.set(ref.num, typeof bytes === 'string' ? new Uint8Array(Buffer.from(bytes, 'latin1')) : bytes);
    return ref;
  }

  resolve(v: PdfValue | undefined): PdfValue | undefined {
    return isRef(v) ? this.values.get(v.num) : v;
  }

  lookup(dict: PdfDict, key: string): PdfValue | undefined {
    return this.resolve(dict.map.get(key));
  }

  stream(v: PdfValue | undefined): { dict: PdfDict; data: Uint8Array } {
    const data = isRef(v) ? this.data.get(v.num) : undefined;
    const dict = this.resolve(v);
    if (!data || !dict || typeof dict !== 'object' || Array.isArray(dict) || dict.kind !== 'dict') throw new Unsupported('not a stream');
    return { dict, data };
  }
}

/** A TrueType program with just the tables pdf.js insists on, and the given metrics. */
export function fakeTrueType(ascent: number, descent: number, unitsPerEm: number): Uint8Array {
  const tables: [string, Uint8Array][] = [['head', new Uint8Array(54)], ['hhea', new Uint8Array(36)], ['loca', new Uint8Array(4)], ['maxp', new Uint8Array(6)]];
  const view = (b: Uint8Array) => new DataView(b.buffer);
  view(tables[0]![1]).setUint16(18, unitsPerEm);
  view(tables[1]![1]).setInt16(4, ascent);
  view(tables[1]![1]).setInt16(6, descent);
  view(tables[3]![1]).setUint32(0, 0x00005000);
  const out = new Uint8Array(12 + 16 * tables.length + tables.reduce((a, [, t]) => a + t.length, 0));
  const dv = view(out);
  dv.setUint32(0, 0x00010000);
  dv.setUint16(4, tables.length);
  let at = 12 + 16 * tables.length;
  tables.forEach(([tag, t], i) => {
    const rec = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[rec + k] = tag.charCodeAt(k);
    dv.setUint32(rec + 8, at);
    dv.setUint32(rec + 12, t.length);
    out.set(t, at);
    at += t.length;
  });
  return out;
}

/** The clear-text head of a Type 1 program; `encoding` is the text after its /Encoding key, if any. */
export function fakeType1(matrix = '[0.001 0 0 0.001 0 0]', encoding?: string): string {
  const enc = encoding === undefined ? '' : `/Encoding ${encoding}\n`;
  return `%!PS-AdobeFont-1.0: Test 1.0\n/FontMatrix ${matrix} readonly def\n${enc}currentfile eexec\n\x01\x02\x03`;
}

/** A numbered built-in encoding as TeX's fonts carry it: `names` by code. */
export function builtinArray(names: Record<number, string>): string {
  const dups = Object.entries(names).map(([code, name]) => `dup ${code} /${name} put`).join('\n');
  return `256 array\n0 1 255 {1 index exch /.notdef put} for\n${dups}\nreadonly def`;
}

/** A ToUnicode CMap around the given body (codespace 00–FF unless given). */
export function cmap(body: string, codespace = '<00> <FF>'): string {
  return `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Test def\n` +
    `1 begincodespacerange ${codespace} endcodespacerange\n${body}\nendcmap CMapName currentdict /CMap defineresource pop end end`;
}

/** A DICT operand as a 5-byte integer (29) or a real (30). */
function cffOperand(v: number): number[] {
  if (Number.isInteger(v)) return [29, (v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
  const nibbles = [...String(v)].map((c) => (c === '.' ? 0xa : c === '-' ? 0xe : Number(c)));
  nibbles.push(0xf);
  if (nibbles.length % 2) nibbles.push(0xf);
  const out = [30];
  for (let i = 0; i < nibbles.length; i += 2) out.push((nibbles[i]! << 4) | nibbles[i + 1]!);
  return out;
}

/** A CFF INDEX of the given entries (1-byte offsets when they fit, else 4-byte). */
function cffIndex(items: Uint8Array[]): number[] {
  if (items.length === 0) return [0, 0];
  const total = items.reduce((a, b) => a + b.length, 0);
  const size = total + 1 <= 255 ? 1 : 4;
  const out = [items.length >> 8, items.length & 255, size];
  let at = 1;
  const offset = (v: number) => (size === 1 ? [v] : [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
  out.push(...offset(at));
  for (const it of items) out.push(...offset((at += it.length)));
  for (const it of items) out.push(...it);
  return out;
}

/**
 * The smallest bare CFF program (FontFile3 /Type1C) with a built-in encoding:
 * one empty glyph for each entry of `codes` (code → glyph name), named
 * through the standard strings or the font's own String INDEX, a format 0
 * charset and a format 0 encoding. `matrix` adds a FontMatrix.
 */
export function fakeCff(codes: Record<number, string>, matrix?: number[]): Uint8Array {
  const entries = Object.entries(codes).map(([code, name]) => [Number(code), name] as const);
  const own: string[] = [];
  const sid = (name: string) => {
    const k = CFF_STANDARD_STRINGS.indexOf(name);
    if (k >= 0) return k;
    if (!own.includes(name)) own.push(name);
    return CFF_STANDARD_STRINGS.length + own.indexOf(name);
  };
  const sids = entries.map(([, name]) => sid(name));
  const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
  const head = [1, 0, 4, 4, ...cffIndex([bytes('Test')])];
  const strings = cffIndex(own.map(bytes));
  const charStrings = cffIndex(Array.from({ length: entries.length + 1 }, () => new Uint8Array([14])));
  const charset = [0, ...sids.flatMap((v) => [v >> 8, v & 255])];
  const encoding = [0, entries.length, ...entries.map(([code]) => code)];
  const topLength = 3 * 6 + (matrix ? matrix.flatMap(cffOperand).length + 2 : 0);
  // Layout: header, Name INDEX, Top DICT INDEX, String INDEX, Global Subr INDEX, CharStrings, charset, encoding.
  const topIndexLength = 2 + 1 + 2 + topLength;
  const at = head.length + topIndexLength + strings.length + 2;
  const top = [
    ...cffOperand(at + charStrings.length), 15,
    ...cffOperand(at + charStrings.length + charset.length), 16,
    ...cffOperand(at), 17,
    ...(matrix ? [...matrix.flatMap(cffOperand), 12, 7] : []),
  ];
  return new Uint8Array([...head, ...cffIndex([new Uint8Array(top)]), ...strings, 0, 0, ...charStrings, ...charset, ...encoding]);
}
