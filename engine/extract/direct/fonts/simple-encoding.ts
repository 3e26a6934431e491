/**
 * A simple font's encoding as pdf.js settles it: only WinAnsi and MacRoman
 * survive as a named base (StandardEncoding and unknown names count as no
 * encoding), and without one the default depends on the font type and its
 * Symbolic / Nonsymbolic flags.
 */
import { isDict, isName, type PdfDict, type PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported, type ObjectSource } from '../types.ts';
import { MAC_ROMAN_ENCODING, namedEncoding, STANDARD_ENCODING, WIN_ANSI_ENCODING, type Encoding } from './encodings.ts';
import { FLAGS } from './font-names.ts';

/** Full font names pdf.js treats as symbol fonts whatever their flags. */
const SYMBOL_FONT_NAMES = new Set(['Dingbats', 'Symbol', 'ZapfDingbats', 'Wingdings', 'Wingdings-Bold', 'Wingdings-Regular']);

/** The settled encoding of a simple font. */
export type SimpleEncoding = {
  /** The named base pdf.js kept (WinAnsi or MacRoman), if any. */
  base: Encoding | null;
  /** The encoding pdf.js falls back on: the kept base, or the default for the font's type and flags. */
  defaultEncoding: Encoding;
  differences: Map<number, string>;
  /** pdf.js `hasEncoding`: a kept base or any differences. */
  hasEncoding: boolean;
  /** The Symbolic flag after pdf.js's TrueType adjustment. */
  symbolic: boolean;
};

function baseName(v: PdfValue | undefined): string | null {
  if (!isName(v)) return null;
  if (v.name === 'MacExpertEncoding') throw new Unsupported('MacExpertEncoding');
  return namedEncoding(v.name) ? v.name : null;
}

function readDifferences(objects: ObjectSource, v: PdfValue | undefined): Map<number, string> {
  const out = new Map<number, string>();
  if (v === undefined) return out;
  if (!Array.isArray(v)) throw new Unsupported('/Differences is not an array');
  let index = 0;
  for (const entry of v) {
    const e = objects.resolve(entry);
    if (typeof e === 'number') {
      if (!Number.isInteger(e) || e < 0) throw new Unsupported('odd /Differences index');
      index = e;
    } else if (isName(e)) {
      out.set(index++, e.name);
    } else {
      throw new Unsupported('invalid /Differences entry');
    }
  }
  return out;
}

/** Reads /Encoding of a simple font of `type` with descriptor `flags` and name `name`. */
export function simpleEncoding(objects: ObjectSource, dict: PdfDict, type: string, flags: number, name: string): SimpleEncoding {
  const enc = objects.lookup(dict, 'Encoding');
  const named = baseName(isDict(enc) ? objects.lookup(enc, 'BaseEncoding') : enc);
  const differences = isDict(enc) && enc.map.has('Differences')
    ? readDifferences(objects, objects.lookup(enc, 'Differences')) : new Map<number, string>();
  const base = named ? namedEncoding(named) : null;
  let symbolic = (flags & FLAGS.symbolic) !== 0;
  const nonsymbolic = (flags & FLAGS.nonsymbolic) !== 0;
  if (type === 'TrueType' && symbolic && nonsymbolic && differences.size > 0) symbolic = false;
  let defaultEncoding = base;
  if (!defaultEncoding) {
    defaultEncoding = type === 'TrueType' && !nonsymbolic ? WIN_ANSI_ENCODING : STANDARD_ENCODING;
    if (symbolic || SYMBOL_FONT_NAMES.has(name)) defaultEncoding = MAC_ROMAN_ENCODING;
  }
  return { base, defaultEncoding, differences, hasEncoding: base !== null || differences.size > 0, symbolic };
}
