/**
 * The name pdf.js gives a font and the generic family it falls back to. The
 * name is the descriptor's /FontName unless it disagrees with /BaseFont; the
 * family is monospace when the widths say so, serif when the Serif flag is set
 * or a part of the name (between `+` signs) is a known serif family.
 */
import { isName, isString, type PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';

/** FontDescriptor /Flags bits pdf.js reads. */
export const FLAGS = { fixedPitch: 1, serif: 2, symbolic: 4, nonsymbolic: 32 } as const;

/** Single-word serif families pdf.js recognises (names with spaces cannot match after normalisation). */
const SERIF_FAMILIES = new Set(('Albertus Aldus Alexandria Algerian Antiqua Apex Arno Aster Aurora Baskerville Bell Bembo ' +
  'Benguiat Bodoni Bookman Calisto Calvert Capitals Cambria Cartier Caslon Catull Centaur Chaparral Cheltenham ' +
  'Clarendon Clearface Cochin Colonna Constantia Corona Ecotype Egyptienne Elephant Excelsior Fairfield Folkard ' +
  'Footlight FreeSerif Garamond Gentium Georgia Gloucester Granjon Heather Hercules Hiroshige Imprint Janson Joanna ' +
  'Korinna Lexicon LiberationSerif Literaturnaya Lucida Melior Memphis Miller Minion Modern NuptialScript Palatino ' +
  'Perpetua Plantin Playbill Renault Requiem Rockwell Roman Sabon Scala Seagull Sistina Souvenir STIX Sylfaen Times ' +
  'Trajan Trinité Utopia Versailles Wanted Weiss Windsor XITS').split(' '));

/** Names pdf.js maps to a Times face before looking at the family (its standard-font aliases). */
const TIMES_ALIASES = new Set(['TimesNewRoman', 'TimesNewRomanPS', 'TimesNewRomanPSMT']
  .flatMap((base) => ['', '-Bold', '-BoldItalic', '-Italic'].map((s) => base + s))
  .concat(['TimesNewRomanPS-BoldItalicMT', 'TimesNewRomanPS-BoldMT', 'TimesNewRomanPS-ItalicMT', 'NuptialScript']));

/** pdf.js's name normalisation: `,` and `_` become `-`, whitespace goes. */
function normalize(name: string): string {
  return name.replaceAll(/[,_]/g, '-').replaceAll(/\s/g, '');
}

/** True if pdf.js would call the font serif, from its flags and name. */
export function isSerif(name: string, flags: number): boolean {
  if (flags & FLAGS.serif) return true;
  return name.split('+').some((part) => {
    const n = normalize(part);
    const family = (TIMES_ALIASES.has(n) ? 'Times' : n).split('-', 1)[0]!;
    return SERIF_FAMILIES.has(family);
  });
}

/** pdf.js Font.fallbackName. */
export function fallbackName(name: string, monospace: boolean, flags: number): string {
  if (/^InvalidPDFjsFont_(.*)_\d+$/.test(name)) throw new Unsupported('pdf.js placeholder font name');
  if (monospace) return 'monospace';
  return isSerif(name, flags) ? 'serif' : 'sans-serif';
}

function nameText(v: PdfValue | undefined): string | undefined {
  if (isName(v)) return v.name;
  if (isString(v)) return v.bytes;
  return undefined;
}

/**
 * The font's name: the descriptor's /FontName, or /BaseFont when that is
 * missing or extends it. Other disagreements depend on pdf.js's table of
 * known font names, which we do not carry, so they are refused.
 */
export function fontName(descriptorName: PdfValue | undefined, baseFont: PdfValue | undefined): string {
  const fromDescriptor = nameText(descriptorName);
  const fromBase = nameText(baseFont);
  if (fromDescriptor === fromBase || fromBase === undefined) {
    if (fromDescriptor === undefined) throw new Unsupported('font has no name');
    return fromDescriptor;
  }
  if (fromDescriptor === undefined || fromBase.startsWith(fromDescriptor)) return fromBase;
  throw new Unsupported('FontName and BaseFont disagree');
}
