/**
 * Type 3 fonts whose codes number glyphs instead of naming characters, so
 * that no text can be read from them. Ghostscript's pdfwrite, when it turns
 * text into a bitmap font of its own (a font it could not embed, the pasted
 * text of an EPS figure), numbers the glyphs in the order it first meets
 * them and names each `a<code>`: the code says nothing of the letter, and
 * reading it as a character (pdf.js), or reading the names as ZapfDingbats'
 * `a1`…`a191` (a ToUnicode a later pass derived from them: `a3` is ✄) invents
 * text. dvips' bitmap fonts, once Ghostscript has rewritten them, carry the
 * same names, but there the code IS TeX's character code and reads right.
 *
 * What tells them apart is where the codes lie. A counter hands codes out
 * from 0, so a font of numbered glyphs names nearly every code below its
 * highest one (the few it skips went to a sibling font). TeX's codes for text
 * start at 33 (`!`): every code below would have to be one of its Greek
 * capitals, ligatures and accents, which no subset uses all of (and whose
 * codes, below 32, read as control characters anyway).
 *
 * The names alone do not decide: a ToUnicode that gives some glyph a letter
 * or digit knows the text (Ghostscript writes one when the source font told
 * it), and is kept. This module holds the rule; each reader gives it the same
 * two facts, the /Differences names and the ToUnicode's texts
 * (direct/fonts/type3-font.ts, pdfjs-unmapped.ts).
 */

/** Ghostscript's generic glyph name: `a` and the code. */
const GENERIC_NAME = /^a(\d{1,3})$/;

/**
 * Codes below a font's highest one that it leaves unnamed, as a share of the
 * codes it names, at most: the codes a sibling font took from the same
 * counter. Text codes from 33 up leave at least 33 such gaps, more than an
 * eighth of any font's 256 codes.
 */
const MAX_GAP_SHARE = 1 / 8;
/** Gaps a small font of numbered glyphs may have whatever its size (sibling fonts took those codes). */
const MIN_GAPS = 2;

/** The glyph name of ".notdef": a hole in /Differences, named or not. */
const NOTDEF = '.notdef';

/**
 * True when `names` (code → glyph name, the font's /Differences) are
 * Ghostscript's generic names of numbered glyphs: each name is `a<code>` for
 * its own code, and the codes fill the range from 0 to the highest nearly whole.
 */
export function numberedGlyphs(names: ReadonlyMap<number, string>): boolean {
  let count = 0, highest = -1;
  for (const [code, name] of names) {
    if (name === NOTDEF) continue;
    const m = GENERIC_NAME.exec(name);
    if (!m || Number(m[1]) !== code) return false;
    count++;
    highest = Math.max(highest, code);
  }
  if (count === 0) return false;
  return highest + 1 - count <= Math.max(MIN_GAPS, count * MAX_GAP_SHARE);
}

/** A letter or decimal digit: text a ToUnicode knows (dingbats, circled numbers and control codes are none). */
const WORDISH = /[\p{L}\p{Nd}]/u;

/** True when some text a ToUnicode gives holds a letter or a decimal digit. */
export function knowsText(texts: Iterable<string>): boolean {
  for (const t of texts) if (WORDISH.test(t)) return true;
  return false;
}

/**
 * True when a Type 3 font's glyphs have no text: numbered glyphs (see
 * numberedGlyphs) whose ToUnicode, if any, gives no letter or digit.
 * `toUnicode` holds the texts of the font's ToUnicode CMap (none without one).
 */
export function unmappedType3(names: ReadonlyMap<number, string>, toUnicode: Iterable<string>): boolean {
  return numberedGlyphs(names) && !knowsText(toUnicode);
}
