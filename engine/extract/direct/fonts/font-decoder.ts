/**
 * Turns what a font loader worked out into a FontDecoder: shown strings are
 * split into one-byte codes (simple fonts) or two-byte codes (Identity-H),
 * and each code becomes a glyph as pdf.js's Font._charToGlyph builds it.
 */
import { glyphKind } from '../text-unicode.ts';
import { Unsupported, type FontDecoder, type Glyph, type Matrix } from '../types.ts';

/** Everything but the glyph logic, field for field as in FontDecoder. */
export type FontFacts = Omit<FontDecoder, 'glyphs' | 'decode'>;

/** How codes become text and widths. */
export type CodeMap = {
  /** Bytes per code: 1 for simple fonts, 2 for Identity-H. */
  codeBytes: 1 | 2;
  /** pdf.js's toUnicode for the code; undefined (or '') means the code itself as a character. */
  toUnicode: Map<number, string>;
  /** Widths by code (CID for Identity-H, which is the same number) and the default. */
  widths: Map<number, number>;
  defaultWidth: number;
  /** Codes whose text or width pdf.js would take from the font program; using one is Unsupported. */
  refuse(code: number): string | null;
  /**
   * The text of a code `toUnicode` does not map: `code`, the code itself as
   * a character (pdf.js), or `none`, no text (pdftotext), for fonts whose
   * codes are glyph ids that would read as invented Latin letters.
   */
  unmapped?: 'code' | 'none';
};

/** pdf.js's matrix for all but Type 3 fonts. */
export const GLYPH_SPACE: Readonly<Matrix> = [0.001, 0, 0, 0.001, 0, 0];

function glyphFor(map: CodeMap, code: number, isSpace: boolean): Glyph {
  const why = map.refuse(code);
  if (why) throw new Unsupported(why);
  const width = map.widths.get(code) ?? map.defaultWidth;
  // pdf.js falls back to the code itself for an unmapped code and for an empty mapping alike.
  const unicode = map.toUnicode.get(code) || (map.unmapped === 'none' ? '' : String.fromCharCode(code));
  return { unicode, width, isSpace, kind: glyphKind(unicode) };
}

/** Codes per block of a decoder's glyph cache: the codes of a simple font fill one block, a two-byte font's are spread over up to 256. */
const BLOCK = 256;

/** A FontDecoder over `facts` and `map`, caching glyphs by code. */
export function makeDecoder(facts: FontFacts, map: CodeMap): FontDecoder {
  // Arrays indexed by code (high byte, then low byte), made as codes are met: this lookup runs once per
  // shown glyph, and two array elements cost less than a Map.get. Codes are below 65536 (one or two bytes).
  const blocks: (Glyph | undefined)[][] = [];
  const glyph = (code: number, isSpace: boolean): Glyph => {
    const block = (blocks[code >> 8] ??= new Array<Glyph | undefined>(BLOCK).fill(undefined));
    let g = block[code & (BLOCK - 1)];
    if (!g) {
      g = glyphFor(map, code, isSpace);
      block[code & (BLOCK - 1)] = g;
    }
    return g.isSpace === isSpace ? g : { ...g, isSpace };
  };
  const decode = (bytes: Uint8Array, from: number, to: number, out: Glyph[]): number => {
    let n = 0;
    // A glyph met before is taken from its block here, without a call to glyph().
    if (map.codeBytes === 1) {
      const block = blocks[0];
      for (let i = from; i < to; i++) {
        const code = bytes[i]!;
        const g = block?.[code];
        out[n++] = g !== undefined && g.isSpace === (code === 0x20) ? g : glyph(code, code === 0x20);
      }
    } else {
      // A lone trailing byte reads as its value times 256, as pdf.js's readCharCode does.
      for (let i = from; i < to; i += 2) {
        const code = (bytes[i]! << 8) | (i + 1 < to ? bytes[i + 1]! : 0);
        const g = blocks[code >> 8]?.[code & (BLOCK - 1)];
        out[n++] = g !== undefined && !g.isSpace ? g : glyph(code, false);
      }
    }
    return n;
  };
  const glyphs = (text: string): Glyph[] => {
    const out: Glyph[] = [];
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    decode(bytes, 0, bytes.length, out);
    return out;
  };
  return { ...facts, glyphs, decode };
}
