/**
 * Type0 fonts with /Encoding /Identity-H over a CIDFontType2 (TrueType)
 * descendant: two-byte codes that are their own CIDs, widths from /W and
 * /DW, text from /ToUnicode or else the code itself. Vertical writing,
 * other CMaps and CFF-based CIDFonts are refused.
 */
import { isDict, isName, isString, type PdfDict, type PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported, type FontDecoder, type ObjectSource } from '../types.ts';
import { GLYPH_SPACE, makeDecoder } from './font-decoder.ts';
import { readDescriptor, toUnicodeData } from './font-descriptor.ts';
import { fallbackName, FLAGS, fontName } from './font-names.ts';
import { checkProgram } from './font-program.ts';
import { cidWidths, isMonospace } from './font-widths.ts';
import { parseToUnicode } from './to-unicode-cmap.ts';

/** Character collections for which pdf.js maps CIDs to text through its own UCS2 CMaps. */
const CJK_ORDERINGS = new Set(['GB1', 'CNS1', 'Japan1', 'Korea1']);

function plainString(objects: ObjectSource, dict: PdfDict, key: string): string | undefined {
  const v = objects.lookup(dict, key);
  if (!isString(v)) return undefined;
  if (/^(\xfe\xff|\xff\xfe|\xef\xbb\xbf)/.test(v.bytes)) throw new Unsupported('Unicode CIDSystemInfo string');
  return v.bytes;
}

/** Without a usable /ToUnicode, pdf.js reads Adobe CJK collections through built-in CMaps. */
function refuseBuiltInUcs2(objects: ObjectSource, cidFont: PdfDict): void {
  const info = objects.lookup(cidFont, 'CIDSystemInfo');
  if (!isDict(info)) return;
  const ordering = plainString(objects, info, 'Ordering');
  if (plainString(objects, info, 'Registry') === 'Adobe' && ordering !== undefined && CJK_ORDERINGS.has(ordering)) {
    throw new Unsupported('CJK collection without ToUnicode');
  }
}

function descendant(objects: ObjectSource, dict: PdfDict): PdfDict {
  const df = objects.lookup(dict, 'DescendantFonts');
  const first: PdfValue | undefined = Array.isArray(df) ? objects.resolve(df[0]) : df;
  if (!isDict(first)) throw new Unsupported('no descendant font');
  return first;
}

/** Loads a Type0 font. */
export function loadCompositeFont(objects: ObjectSource, dict: PdfDict, id: string): FontDecoder {
  const encoding = objects.lookup(dict, 'Encoding');
  if (!isName(encoding, 'Identity-H')) throw new Unsupported(`Type0 encoding ${isName(encoding) ? encoding.name : 'stream or missing'}`);
  const cidFont = descendant(objects, dict);
  const subtype = objects.lookup(cidFont, 'Subtype');
  if (!isName(subtype, 'CIDFontType2')) throw new Unsupported(`descendant ${isName(subtype) ? subtype.name : '?'}`);
  const desc = readDescriptor(objects, cidFont);
  const { metrics } = checkProgram(objects, desc.descriptor, 'truetype');
  const name = fontName(objects.lookup(desc.descriptor, 'FontName'), objects.lookup(cidFont, 'BaseFont'));
  // pdf.js takes the descendant's /ToUnicode when it has a truthy one, else the Type0 font's.
  const own = objects.lookup(cidFont, 'ToUnicode') ? cidFont : dict;
  const data = toUnicodeData(objects, own.map.get('ToUnicode'));
  const toUnicode = data ? parseToUnicode(data) : new Map<number, string>();
  if (toUnicode.size === 0) refuseBuiltInUcs2(objects, cidFont);
  const widths = cidWidths(objects, cidFont);
  const monospace = isMonospace(widths);
  const flags = monospace ? desc.flags | FLAGS.fixedPitch : desc.flags & ~FLAGS.fixedPitch;
  return makeDecoder({
    id, name, bold: false, italic: false, monospace, fallbackName: fallbackName(name, monospace, flags),
    ascent: metrics?.ascent ?? desc.ascent, descent: metrics?.descent ?? desc.descent, fontMatrix: [...GLYPH_SPACE] as FontDecoder['fontMatrix'],
  }, {
    codeBytes: 2, toUnicode, widths: widths.byCode, defaultWidth: widths.defaultWidth, refuse: () => null,
    // A CID this font's own /ToUnicode leaves out is a glyph with no character (a conjunct, a
    // contextual form): its CID read as a character would be an invented letter (pdftotext prints nothing).
    unmapped: toUnicode.size > 0 ? 'none' : 'code',
  });
}
