/**
 * The text of a Type 3 font without /ToUnicode, as pdf.js's
 * _simpleFontToUnicode gives it: each glyph name of the encoding is looked up
 * in the glyph list, else read by pdf.js's guesses for odd names (`Gxx` and
 * `gxxxx` as hex codes, `Cdd` and `cddd` as decimal ones, `uniXXXX`, the
 * ligatures `f_h`, `f_t`, `T_h`). Type 3 fonts name their glyphs freely:
 * dvips' bitmap fonts call them `a0`, `a1`… and dvipdfmx's `x4A`…, which
 * pdf.js does not know, so their codes read as themselves.
 *
 * A name our glyph table lacks may still be in pdf.js's larger one, so it is
 * guessed at only when it has the form of OUTSIDE_GLYPH_LIST, which no name
 * in pdf.js's table has (bench/parity/check-tables.ts checks
 * this); other names stay unknown and their codes are refused.
 */
import type { Encoding } from './encodings.ts';
import { encodingUnicode, type EncodingUnicode } from './encoding-unicode.ts';

/** Names in no glyph list: a letter and one to four hex digits, at least one a decimal digit (`a12`, `g0`, `x4A`). */
export const OUTSIDE_GLYPH_LIST = /^[A-Za-z](?=[0-9A-Fa-f]*\d)[0-9A-Fa-f]{1,4}$/;

/** pdf.js's ligature names outside the glyph list, read as their letters. */
const LIGATURES: Record<string, string> = { f_h: 'fh', f_t: 'ft', T_h: 'Th' };

/**
 * A `Cdd`/`cddd` name pdf.js would read as hex (its tail is no decimal number
 * but parses as hex): the first one makes pdf.js read every such name as
 * hex. Names of that kind outside our table make the decimal names
 * uncertain, unless pdf.js's table holds them, which we cannot tell.
 */
function hexCNames(names: readonly string[], unknown: ReadonlySet<number>): boolean {
  return names.some((name, code) => unknown.has(code) && (name[0] === 'C' || name[0] === 'c') && name.length >= 3 &&
    name.length <= 4 && Number.isNaN(Number(name.slice(1))) && Number.isInteger(parseInt(name.slice(1), 16)));
}

/** The code pdf.js guesses for a name outside its table (0 for none). */
function guessedCode(name: string): number {
  switch (name[0]) {
    case 'G': return name.length === 3 ? parseInt(name.slice(1), 16) : 0;
    case 'g': return name.length === 5 ? parseInt(name.slice(1), 16) : 0;
    case 'C':
    case 'c': return name.length >= 3 && name.length <= 4 ? Number(name.slice(1)) : 0;
    default: return 0;
  }
}

/**
 * Code → text for the encoding `names` (base with /Differences applied),
 * and the codes left unknown. `base` is the named base encoding pdf.js kept.
 */
export function type3NameUnicode(names: readonly string[], base: Encoding | null): EncodingUnicode {
  const { map, unknown } = encodingUnicode(names, base);
  const hexC = hexCNames(names, unknown);
  for (const code of [...unknown]) {
    const name = names[code]!;
    if (Object.hasOwn(LIGATURES, name)) {
      map.set(code, LIGATURES[name]!);
      unknown.delete(code);
      continue;
    }
    if (!OUTSIDE_GLYPH_LIST.test(name) || (hexC && (name[0] === 'C' || name[0] === 'c'))) continue;
    unknown.delete(code);
    const guess = guessedCode(name);
    if (!(guess > 0 && guess <= 0x10ffff && Number.isInteger(guess))) continue;
    // As for uniXXXX names: a guess equal to its own code takes the base encoding's glyph.
    const baseName = base && guess === code ? base[code] : undefined;
    if (baseName) {
      const viaBase = encodingUnicode([baseName], null).map.get(0);
      if (viaBase === undefined) unknown.add(code);
      else map.set(code, viaBase);
      continue;
    }
    map.set(code, String.fromCodePoint(guess));
  }
  return { map, unknown };
}
