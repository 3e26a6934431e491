/**
 * Mutations for PDF bytes, AFL-style: a few stacked edits per child, from bit
 * flips to PDF tokens and numbers that parsers treat specially, and splices
 * with another corpus input. Deterministic for a given random source.
 */

/** A seeded xorshift32 source, so a run can be repeated. */
export class Rng {
  private x: number;
  constructor(seed: number) {
    this.x = seed >>> 0 || 0x9e3779b9;
  }
  /** An integer in [0, n). */
  below(n: number): number {
    this.x ^= this.x << 13;
    this.x ^= this.x >>> 17;
    this.x ^= this.x << 5;
    return (this.x >>> 0) % Math.max(1, n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.below(xs.length)]!;
  }
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Tokens the object, xref, stream, font and content parsers branch on. */
export const PDF_TOKENS: readonly Uint8Array[] = [
  'obj', 'endobj', 'stream\n', '\nendstream', 'xref', 'trailer', 'startxref', '%%EOF', ' 0 R', 'R', 'null', 'true',
  '<<', '>>', '[', ']', '(', ')', '<', '>', '\\', '/', '%', '{', '}',
  '/Length', '/Filter', '/FlateDecode', '/ASCIIHexDecode', '/ASCII85Decode', '/DecodeParms', '/Predictor', '/Columns',
  '/ObjStm', '/N', '/First', '/XRef', '/W', '/Index', '/Size', '/Prev', '/Root', '/Encrypt', '/Type', '/Page', '/Pages',
  '/Kids', '/Parent', '/Count', '/MediaBox', '/Contents', '/Resources', '/Font', '/XObject', '/Form', '/Subtype', '/BBox',
  '/Matrix', '/Type0', '/Type1', '/Type3', '/TrueType', '/CIDFontType2', '/DescendantFonts', '/ToUnicode', '/Encoding',
  '/Differences', '/Widths', '/FirstChar', '/LastChar', '/W', '/DW', '/FontDescriptor', '/FontFile2', '/Identity-H',
  '/StructTreeRoot', '/ParentTree', '/K', '/MCID', '/Nums', '/Annots', '/Link', '/URI', '/A', '/S', '/Rect', '/QuadPoints',
  'BT', 'ET', 'Tj', 'TJ', "'", '"', 'Tf', 'Td', 'TD', 'Tm', 'T*', 'Tc', 'Tw', 'Tz', 'TL', 'Ts', 'Tr', 'cm', 'q', 'Q', 'Do',
  're', 'm', 'l', 'c', 'h', 'f', 'S', 'n', 'W', 'BI', 'ID', 'EI', 'BDC', 'BMC', 'EMC', 'gs', 'd0', 'd1',
  'begincodespacerange', 'endcodespacerange', 'beginbfchar', 'endbfchar', 'beginbfrange', 'endbfrange', 'usecmap',
].map(enc);

/** Numbers at the edges of what integer, offset, count and real parsing handle. */
const NUMBERS: readonly string[] = [
  '0', '-1', '1', '2', '7', '8', '255', '256', '65535', '65536', '2147483647', '2147483648', '4294967295', '-2147483648',
  '9007199254740993', '1e308', '99999999999999999999', '0.0000001', '-0', '.5', '-.', '3.4e38', 'NaN', '00000000001',
];

const INTERESTING_BYTES = [0x00, 0xff, 0x7f, 0x80, 0x0a, 0x0d, 0x20, 0x25, 0x28, 0x29, 0x2f, 0x3c, 0x3e, 0x5b, 0x5d, 0x5c, 0x30, 0x39];

/** `a` with `remove` bytes at `at` replaced by `insert`; both clamped to `a`. */
export function splice(a: Uint8Array, at: number, remove: number, insert: Uint8Array): Uint8Array {
  at = Math.min(Math.max(0, at), a.length);
  remove = Math.min(Math.max(0, remove), a.length - at);
  const out = new Uint8Array(a.length - remove + insert.length);
  out.set(a.subarray(0, at), 0);
  out.set(insert, at);
  out.set(a.subarray(at + remove), at + insert.length);
  return out;
}

/** Replaces the ASCII number around a random digit with an edge value. */
function replaceNumber(a: Uint8Array, rng: Rng): Uint8Array {
  const isNum = (c: number | undefined) => c !== undefined && ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e);
  for (let tries = 0; tries < 16; tries++) {
    let i = rng.below(a.length);
    if (!isNum(a[i])) continue;
    while (i > 0 && isNum(a[i - 1])) i--;
    let j = i;
    while (j < a.length && isNum(a[j])) j++;
    return splice(a, i, j - i, enc(rng.pick(NUMBERS)));
  }
  return a;
}

type Mutator = (a: Uint8Array, rng: Rng, other: Uint8Array) => Uint8Array;

/** How often a repeated token or chunk occurs: deep nesting, long arrays, many operators. */
const REPEATS = [2, 16, 256, 4096, 65536];

/** `unit` `times` times over, cut at `cap` bytes. */
function repeated(unit: Uint8Array, times: number, cap: number): Uint8Array {
  const n = Math.max(1, Math.min(times, Math.floor(cap / Math.max(1, unit.length))));
  const out = new Uint8Array(unit.length * n);
  for (let i = 0; i < n; i++) out.set(unit, i * unit.length);
  return out;
}

const MUTATORS: readonly Mutator[] = [
  (a, rng) => { const b = a.slice(); const i = rng.below(b.length); b[i] = (b[i] ?? 0) ^ (1 << rng.below(8)); return b; },
  (a, rng) => { const b = a.slice(); b[rng.below(b.length)] = rng.pick(INTERESTING_BYTES); return b; },
  (a, rng) => splice(a, rng.below(a.length + 1), 0, rng.pick(PDF_TOKENS)),
  (a, rng) => { const at = rng.below(a.length + 1); return splice(a, at, Math.min(rng.below(8), a.length - at), rng.pick(PDF_TOKENS)); },
  (a, rng) => replaceNumber(a, rng),
  (a, rng) => { const at = rng.below(a.length); return splice(a, at, Math.min(1 + rng.below(64), a.length - at), new Uint8Array()); },
  (a, rng) => { const at = rng.below(a.length); const len = Math.min(1 + rng.below(256), a.length - at); return splice(a, rng.below(a.length + 1), 0, a.slice(at, at + len)); },
  (a, rng) => a.subarray(0, rng.below(a.length + 1)),
  (a, rng) => splice(a, rng.below(a.length + 1), 0, repeated(rng.pick(PDF_TOKENS), rng.pick(REPEATS), 128 * 1024)),
  (a, rng) => { const at = rng.below(a.length); const unit = a.slice(at, at + 1 + rng.below(16)); return splice(a, at, 0, repeated(unit, rng.pick(REPEATS), 128 * 1024)); },
  (a, rng, other) => { const at = rng.below(other.length); const len = Math.min(1 + rng.below(1024), other.length - at); return splice(a, rng.below(a.length + 1), rng.below(64), other.slice(at, at + len)); },
];

/** A child of `parent`: one to four stacked mutations; `other` is another corpus input for splicing. */
export function mutate(parent: Uint8Array, rng: Rng, other: Uint8Array): Uint8Array {
  let out = parent;
  for (let n = 1 + rng.below(4); n > 0; n--) out = rng.pick(MUTATORS)(out, rng, other);
  return out;
}
