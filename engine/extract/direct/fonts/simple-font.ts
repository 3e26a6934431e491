/**
 * Simple fonts (Type1, MMType1, TrueType with an embedded program) read as
 * pdf.js reads them: text from /ToUnicode, completed from the encoding when
 * the font has one, otherwise from the encoding alone; widths from /Widths.
 * Type 1 fonts with a CFF program take their text from glyph names instead,
 * as pdftotext does (glyph-name-text.ts).
 * Codes whose text or width pdf.js would take from the font program itself
 * are refused one by one, so a font is usable as long as the text shown in
 * it avoids them.
 */
import type { PdfDict } from '../../pdf-objects/values.ts';
import { Unsupported, type FontDecoder, type ObjectSource } from '../types.ts';
import { applyDifferences, encodingUnicode } from './encoding-unicode.ts';
import { GLYPH_SPACE, makeDecoder, type CodeMap } from './font-decoder.ts';
import { intOr, readDescriptor, toUnicodeData } from './font-descriptor.ts';
import { fallbackName, FLAGS, fontName } from './font-names.ts';
import { glyphNameToUnicode } from './glyph-name-text.ts';
import { checkProgram } from './font-program.ts';
import { knownGlyphUnicode, texGlyphUnicode, uniNameUnicode } from './glyph-names.ts';
import type { BuiltinEncoding } from './type1-builtin-encoding.ts';
import { isMonospace, simpleWidths } from './font-widths.ts';
import { simpleEncoding, type SimpleEncoding } from './simple-encoding.ts';
import { parseToUnicode } from './to-unicode-cmap.ts';

type TextSource = { toUnicode: Map<number, string>; unknown: Set<number>; included: boolean };

/** pdf.js's toUnicode: the CMap amended from the encoding where it has one, else the encoding's text. */
function textSource(objects: ObjectSource, dict: PdfDict, enc: SimpleEncoding): TextSource {
  const data = toUnicodeData(objects, dict.map.get('ToUnicode'));
  const cmap = data ? parseToUnicode(data) : new Map<number, string>();
  const fromEncoding = encodingUnicode(applyDifferences(enc.defaultEncoding, enc.differences), enc.base);
  if (cmap.size === 0) return { toUnicode: fromEncoding.map, unknown: fromEncoding.unknown, included: false };
  const unknown = new Set<number>();
  if (enc.hasEncoding) {
    for (const [code, text] of fromEncoding.map) if (!cmap.has(code)) cmap.set(code, text);
    for (const code of fromEncoding.unknown) if (!cmap.has(code)) unknown.add(code);
  }
  return { toUnicode: cmap, unknown, included: true };
}

/**
 * Without a /ToUnicode, pdf.js lets a Type 1 program's built-in encoding set
 * the text of the codes the font's own /Encoding leaves to it
 * (adjustType1ToUnicode): each glyph name there is looked up as usual. A name
 * our glyph list lacks is refused, as pdf.js's larger list may know it, unless
 * it is one of TeX's math names that pdf.js lacks too. For a
 * TrueType program without /Encoding, a symbolic font's text comes from its
 * name table: refused.
 */
function programRewrites(type: string, enc: SimpleEncoding, text: TextSource, builtin: BuiltinEncoding | null): (code: number) => boolean {
  if (text.included) return () => false;
  if (type === 'TrueType') return () => !enc.hasEncoding && enc.symbolic;
  if (!builtin || (enc.hasEncoding && enc.base)) return () => false;
  if (builtin.kind === 'named' && builtin.encoding === enc.defaultEncoding) return () => false;
  const left = (code: number) => !enc.hasEncoding || !enc.differences.has(code);
  if (builtin.kind === 'named' && builtin.encoding === 'unsupported') return left;
  const names: ReadonlyMap<number, string> = builtin.kind === 'names' ? builtin.names
    : new Map((builtin.encoding as readonly string[]).map((name, code) => [code, name]));
  const refused = new Set<number>();
  for (const [code, name] of names) {
    if (!left(code) || name === '') continue;
    // pdf.js's glyph list gives .notdef the text U+0000. A TeX math name pdf.js lacks (⌊, ϱ, ␣) takes the
    // character TeX's command stands for, where pdf.js would leave the code's letter in its place.
    const unicode = name === '.notdef' ? 0 : knownGlyphUnicode(name) ?? texGlyphUnicode(name) ?? uniNameUnicode(name);
    if (unicode === -1) {
      refused.add(code);
      continue;
    }
    text.toUnicode.set(code, String.fromCharCode(unicode));
    text.unknown.delete(code);
  }
  return (code) => refused.has(code);
}

/** Loads a simple font; `type` is its /Subtype. */
export function loadSimpleFont(objects: ObjectSource, dict: PdfDict, type: string, id: string): FontDecoder {
  if (type !== 'Type1' && type !== 'MMType1' && type !== 'TrueType') throw new Unsupported(`${type} font`);
  const desc = readDescriptor(objects, dict);
  const { metrics, builtin, cff } = checkProgram(objects, desc.descriptor, type === 'TrueType' ? 'truetype' : 'type1');
  const name = fontName(objects.lookup(desc.descriptor, 'FontName'), objects.lookup(dict, 'BaseFont'));
  const firstChar = intOr(objects.lookup(dict, 'FirstChar'), 0);
  const lastChar = intOr(objects.lookup(dict, 'LastChar'), 0xff);
  const enc = simpleEncoding(objects, dict, type, desc.flags, name);
  // A CFF program's text follows its glyph names, as in pdftotext (pdf.js loses TeX's ligatures there).
  const text: TextSource = cff ? { toUnicode: glyphNameToUnicode(objects, dict, enc, builtin), unknown: new Set(), included: true }
    : textSource(objects, dict, enc);
  const rewritten = cff ? () => false : programRewrites(type, enc, text, builtin);
  const widths = simpleWidths(objects, dict, desc.descriptor, firstChar);
  const type1 = type !== 'TrueType';
  const map: CodeMap = {
    codeBytes: 1, toUnicode: text.toUnicode, widths: widths.byCode, defaultWidth: widths.defaultWidth,
    unmapped: cff ? 'none' : 'code',
    refuse(code) {
      if (text.unknown.has(code)) return 'glyph name outside our glyph list';
      if (rewritten(code)) return 'text would come from the font program';
      // A Type 1 program supplies the widths /Widths leaves out between FirstChar and LastChar.
      if (type1 && code >= firstChar && code <= lastChar && !widths.byCode.has(code)) return 'width would come from the font program';
      return null;
    },
  };
  const monospace = isMonospace(widths);
  const flags = monospace ? desc.flags | FLAGS.fixedPitch : desc.flags & ~FLAGS.fixedPitch;
  return makeDecoder({
    id, name, bold: false, italic: false, monospace, fallbackName: fallbackName(name, monospace, flags),
    ascent: metrics?.ascent ?? desc.ascent, descent: metrics?.descent ?? desc.descent, fontMatrix: [...GLYPH_SPACE] as FontDecoder['fontMatrix'],
  }, map);
}
