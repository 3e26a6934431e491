/**
 * Type 3 fonts read as pdf.js reads them for text: glyphs are procedures, so
 * nothing is read from a font program. The name is the descriptor's
 * /FontName, else "Type3" (pdf.js ignores /BaseFont here); widths are /Widths
 * in glyph space, turned into text space by /FontMatrix; text comes from
 * /ToUnicode alone when it maps anything (pdf.js completes it from the
 * encoding for other fonts, not for these), else from the encoding's glyph
 * names (type3-names.ts). A code either leaves unmapped reads as itself, as
 * in pdf.js; a code whose glyph name pdf.js might know and we do not is
 * refused, as for simple fonts. A font of numbered glyphs (Ghostscript's
 * `a<code>` names, ../../glyph-ordinals.ts) is marked `unmapped`: its text is
 * still pdf.js's, but nothing reads it.
 */
import { isDict, isName, isString, type PdfDict } from '../../pdf-objects/values.ts';
import { Unsupported, type FontDecoder, type Matrix, type ObjectSource } from '../types.ts';
import { applyDifferences, type EncodingUnicode } from './encoding-unicode.ts';
import { WIN_ANSI_ENCODING } from './encodings.ts';
import { makeDecoder } from './font-decoder.ts';
import { intOr, toUnicodeData } from './font-descriptor.ts';
import { fallbackName, FLAGS } from './font-names.ts';
import { isMonospace, simpleWidths } from './font-widths.ts';
import { simpleEncoding, type SimpleEncoding } from './simple-encoding.ts';
import { parseToUnicode } from './to-unicode-cmap.ts';
import { type3Height } from './type3-height.ts';
import { type3NameUnicode } from './type3-names.ts';
import { unmappedType3 } from '../../glyph-ordinals.ts';

/** pdf.js's default FontMatrix (FONT_IDENTITY_MATRIX), for a missing or malformed one. */
const DEFAULT_MATRIX: Readonly<Matrix> = [0.001, 0, 0, 0.001, 0, 0];

const EMPTY: PdfDict = { kind: 'dict', map: new Map() };

/** /FontMatrix when it is six numbers, else pdf.js's default. */
function fontMatrix(objects: ObjectSource, dict: PdfDict): Matrix {
  const raw = objects.lookup(dict, 'FontMatrix');
  if (!Array.isArray(raw) || raw.length !== 6) return [...DEFAULT_MATRIX] as Matrix;
  const m = raw.map((v) => objects.resolve(v));
  return m.every((v) => typeof v === 'number') ? (m as Matrix) : ([...DEFAULT_MATRIX] as Matrix);
}

/** Font names pdf.js treats as symbol fonts whatever their flags (getSymbolsFonts). */
const SYMBOL_FONTS = new Set(['Dingbats', 'Symbol', 'ZapfDingbats', 'Wingdings', 'Wingdings-Bold', 'Wingdings-Regular']);

/**
 * The encoding pdf.js settles for a font without a program, and whether the
 * default under /Differences is one we do not carry: for a symbolic font
 * named like Symbol, Dingbats or Wingdings pdf.js picks its own symbol
 * encodings. WinAnsi text in a font with a Chinese name is refused.
 */
function type3Encoding(objects: ObjectSource, dict: PdfDict, flags: number, name: string): { enc: SimpleEncoding; foreign: boolean } {
  const enc = simpleEncoding(objects, dict, 'Type3', flags, name);
  if (enc.base === WIN_ANSI_ENCODING && name.charCodeAt(0) >= 0xb7) throw new Unsupported('Type 3 font with a CJK name');
  const symbolic = (flags & FLAGS.symbolic) !== 0 || SYMBOL_FONTS.has(name);
  const foreign = (enc.base !== null && SYMBOL_FONTS.has(name)) || (enc.base === null && symbolic && /Symbol|Dingbats|Wingdings/i.test(name));
  return { enc, foreign };
}

/**
 * pdf.js's toUnicode for a Type 3 font: the /ToUnicode CMap if it maps
 * anything, else the encoding's names; under a `foreign` default encoding
 * only the /Differences names are known.
 */
function type3Text(cmap: Map<number, string>, { enc, foreign }: { enc: SimpleEncoding; foreign: boolean }): EncodingUnicode {
  if (cmap.size > 0) return { map: cmap, unknown: new Set() };
  const text = type3NameUnicode(applyDifferences(enc.defaultEncoding, enc.differences), enc.base);
  if (foreign) {
    for (let code = 0; code < 256; code++) {
      const own = enc.differences.get(code);
      if (own === undefined || own === '.notdef') text.unknown.add(code);
    }
  }
  return text;
}

/** Loads the Type 3 font `dict`. */
export function loadType3Font(objects: ObjectSource, dict: PdfDict, id: string): FontDecoder {
  const found = objects.lookup(dict, 'FontDescriptor');
  const descriptor = isDict(found) ? found : null;
  const desc = descriptor ?? EMPTY;
  const given = objects.lookup(desc, 'FontName');
  const name = isName(given) ? given.name : isString(given) ? given.bytes : 'Type3';
  const rawFlags = objects.lookup(desc, 'Flags');
  const flags = typeof rawFlags === 'number' && Number.isInteger(rawFlags) ? rawFlags : 0;
  const enc = type3Encoding(objects, dict, flags, name);
  const data = toUnicodeData(objects, dict.map.get('ToUnicode'));
  const cmap = data ? parseToUnicode(data) : new Map<number, string>();
  const text = type3Text(cmap, enc);
  const widths = simpleWidths(objects, dict, desc, intOr(objects.lookup(dict, 'FirstChar'), 0));
  const matrix = fontMatrix(objects, dict);
  // pdf.js cannot load the font without glyph procedures, and shows no text in it.
  const procs = objects.lookup(dict, 'CharProcs');
  if (!isDict(procs)) throw new Unsupported('Type 3 font without /CharProcs');
  const height = type3Height(objects, dict, descriptor, matrix, procs);
  const monospace = isMonospace(widths);
  const ascent = objects.lookup(desc, 'Ascent');
  const descent = objects.lookup(desc, 'Descent');
  const decoder = makeDecoder({
    id, name, bold: false, italic: false, monospace,
    fallbackName: fallbackName(name, monospace, monospace ? flags | FLAGS.fixedPitch : flags & ~FLAGS.fixedPitch),
    // pdf.js divides whatever the descriptor holds by 1000: undefined gives NaN.
    ascent: typeof ascent === 'number' ? ascent / 1000 : NaN, descent: typeof descent === 'number' ? descent / 1000 : NaN,
    fontMatrix: matrix,
  }, {
    codeBytes: 1, toUnicode: text.map, widths: widths.byCode, defaultWidth: widths.defaultWidth, unmapped: 'code',
    refuse: (code) => (text.unknown.has(code) ? 'glyph name outside our glyph list' : null),
  });
  const unmapped = unmappedType3(enc.enc.differences, cmap.values());
  return { ...decoder, ...(height ? { type3Height: height } : {}), ...(unmapped ? { unmapped: true as const } : {}) };
}
