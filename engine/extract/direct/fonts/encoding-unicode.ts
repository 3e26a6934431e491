/**
 * The text a simple font's encoding implies for each code, as pdf.js derives
 * it when there is no /ToUnicode (or for codes the /ToUnicode leaves out):
 * the base encoding with /Differences over it, each glyph name looked up in
 * the glyph list or read as `uniXXXX`. Names our table does not know are
 * reported, because pdf.js's larger table, or its fallbacks for odd names,
 * might give them text.
 */
import type { Encoding } from './encodings.ts';
import { knownGlyphUnicode, uniNameUnicode } from './glyph-names.ts';

/** Code → text, and the codes whose text we cannot be sure of. */
export type EncodingUnicode = { map: Map<number, string>; unknown: Set<number> };

/** Base encoding with /Differences applied (.notdef differences leave the base alone, as in pdf.js). */
export function applyDifferences(base: Encoding, differences: Map<number, string>): string[] {
  const names = base.slice();
  for (const [code, name] of differences) if (name !== '.notdef' && code < 256) names[code] = name;
  return names;
}

/**
 * `baseEncoding` is the /BaseEncoding (or /Encoding name) pdf.js kept, if any:
 * a `uniXXXX` name that equals its own code then takes the base glyph's text.
 */
export function encodingUnicode(names: readonly string[], baseEncoding: Encoding | null): EncodingUnicode {
  const map = new Map<number, string>();
  const unknown = new Set<number>();
  names.forEach((name, code) => {
    if (name === '') return;
    const known = knownGlyphUnicode(name);
    if (known !== undefined) {
      map.set(code, String.fromCharCode(known));
      return;
    }
    const uni = uniNameUnicode(name);
    if (uni === -1) {
      unknown.add(code);
      return;
    }
    if (!(uni > 0 && uni <= 0x10ffff)) return;
    if (baseEncoding && uni === code && baseEncoding[code]) {
      const base = knownGlyphUnicode(baseEncoding[code]!);
      if (base === undefined) unknown.add(code);
      else map.set(code, String.fromCharCode(base));
      return;
    }
    map.set(code, String.fromCodePoint(uni));
  });
  return { map, unknown };
}
