/**
 * The text of a simple font whose program names its glyphs (a CFF program),
 * read as pdftotext (poppler) reads it rather than as pdf.js does: the
 * font's /ToUnicode for the codes it maps, and for every other code the name
 * of the glyph the code selects, through the glyph list. The glyph comes from
 * the font's /BaseEncoding, else the program's built-in encoding, with
 * /Differences over it.
 *
 * pdf.js instead lets a partial /ToUnicode stand alone: dvipdfmx writes one
 * for the ff and ffi glyphs only, and pdf.js reads every other code as the
 * character of the same number, so TeX's fi (code 12) vanishes ("speci ed")
 * and its en dash (code 123) becomes `{`. A glyph whose name the glyph list
 * does not know gives no text: its code read as a character would be an
 * invented letter.
 */
import { isDict, isName, type PdfDict } from '../../pdf-objects/values.ts';
import type { ObjectSource } from '../types.ts';
import { namedEncoding, STANDARD_ENCODING } from './encodings.ts';
import { toUnicodeData } from './font-descriptor.ts';
import { knownGlyphUnicode, texGlyphUnicode, uniNameUnicode } from './glyph-names.ts';
import type { SimpleEncoding } from './simple-encoding.ts';
import { parseToUnicode } from './to-unicode-cmap.ts';
import type { BuiltinEncoding } from './type1-builtin-encoding.ts';

/** The text of a glyph name: the glyph list, TeX's math names, else a `uniXXXX` / `uXXXX` name; '' when none knows it. */
export function glyphNameText(name: string): string {
  const known = knownGlyphUnicode(name) ?? texGlyphUnicode(name);
  if (known !== undefined) return String.fromCharCode(known);
  const uni = uniNameUnicode(name);
  return uni > 0 && uni <= 0x10ffff && !(uni >= 0xd800 && uni <= 0xdfff) ? String.fromCodePoint(uni) : '';
}

/** Code → glyph name: /BaseEncoding (any of the three named ones), else the built-in one, then /Differences. */
function glyphNames(objects: ObjectSource, dict: PdfDict, enc: SimpleEncoding, builtin: BuiltinEncoding | null): Map<number, string> {
  const e = objects.lookup(dict, 'Encoding');
  const baseName = isDict(e) ? objects.lookup(e, 'BaseEncoding') : e;
  const base = isName(baseName) ? namedEncoding(baseName.name) : null;
  const names = new Map<number, string>();
  const fromList = (list: readonly string[]) => list.forEach((name, code) => { if (name) names.set(code, name); });
  if (base) fromList(base);
  else if (builtin?.kind === 'names') for (const [code, name] of builtin.names) names.set(code, name);
  else fromList(builtin?.kind === 'named' && builtin.encoding !== 'unsupported' ? builtin.encoding : STANDARD_ENCODING);
  for (const [code, name] of enc.differences) if (code < 256) names.set(code, name);
  return names;
}

/** Code → text for a simple font read through its glyph names; codes left out have no text. */
export function glyphNameToUnicode(objects: ObjectSource, dict: PdfDict, enc: SimpleEncoding, builtin: BuiltinEncoding | null): Map<number, string> {
  const out = new Map<number, string>();
  for (const [code, name] of glyphNames(objects, dict, enc, builtin)) {
    const text = glyphNameText(name);
    if (text) out.set(code, text);
  }
  const data = toUnicodeData(objects, dict.map.get('ToUnicode'));
  if (data) for (const [code, text] of parseToUnicode(data)) if (text) out.set(code, text);
  return out;
}
