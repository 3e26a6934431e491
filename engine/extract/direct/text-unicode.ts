/**
 * The Unicode rules pdf.js's getTextContent applies to shown text: how a
 * glyph's text decides whether it is skipped, turned into spacing or kept
 * without advancing, and how a finished item's string is normalised. Right-to-
 * left text is refused: pdf.js reorders it with its own bidi algorithm, which
 * the direct reader does not reproduce.
 */
import { Unsupported } from './types.ts';

/** What getTextContent does with a glyph, decided by its Unicode text alone. */
export type GlyphKind =
  /** Whitespace only (JS `\s`): no text, the advance becomes spacing. */
  | 'whitespace'
  /** Non-spacing marks only (Mn): kept, but they neither advance the item nor move it. */
  | 'diacritic'
  /** Format characters only (Cf, e.g. soft hyphen, zero-width joiner): skipped entirely, even their advance. */
  | 'format'
  | 'plain';

const WHITESPACE = /^\s+$/u;
const DIACRITICS = /^\p{Mn}+$/u;
const FORMAT_MARKS = /^\p{Cf}+$/u;

/** Fonts have a bounded set of glyph strings, but a hostile file could mint many; the cache is capped. */
const KIND_CACHE_LIMIT = 10_000;
const kindCache = new Map<string, GlyphKind>();

/**
 * Classifies a glyph's text the way pdf.js's getCharUnicodeCategory does: the
 * whole string must be of one class, and whitespace wins over the others
 * (U+FEFF is both whitespace and a format mark).
 */
export function glyphKind(unicode: string): GlyphKind {
  const hit = kindCache.get(unicode);
  if (hit) return hit;
  const kind: GlyphKind = WHITESPACE.test(unicode) ? 'whitespace'
    : DIACRITICS.test(unicode) ? 'diacritic'
      : FORMAT_MARKS.test(unicode) ? 'format' : 'plain';
  if (kindCache.size >= KIND_CACHE_LIMIT) kindCache.clear();
  kindCache.set(unicode, kind);
  return kind;
}

/**
 * Code units pdf.js's bidi() may count as right-to-left (Hebrew, Arabic,
 * Syriac…, and the Hebrew and Arabic presentation forms). A superset: a few of
 * these (Arabic punctuation, the Hebrew presentation forms pdf.js leaves
 * unnormalised) pdf.js would still call left-to-right, but refusing them only
 * costs a fallback. It also covers every character pdf.js normalises that
 * lies above U+FB06, so the normalisation below needs only the rest.
 */
const MAYBE_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * The characters below U+FB1D that pdf.js's normalizeUnicode rewrites with
 * NFKC (no-break and typographic spaces, micro sign, Greek question mark, Lao
 * AM, ohm sign, Latin ligatures except U+FB05). pdf.js normalises maximal
 * runs of them at once, so this does too.
 */
const NFKC_RUNS = /[\u00a0\u00b5\u037e\u0eb3\u2000-\u200a\u202f\u2126\ufb00-\ufb04\ufb06]+/g;
/** Text of characters below U+00A0 only. */
const LOW = /^[^\u00a0-\uffff]*$/;
/** U+FB05 (ﬅ) is spelt "ſt" by pdf.js, not NFKC's "st". */
const LONG_S_T = /\ufb05+/g;

/**
 * A finished item's string as pdf.js reports it: normalised (ligatures split,
 * odd spaces made plain), direction 'ltr'. Throws Unsupported for text pdf.js
 * would run through its bidi reordering.
 */
export function itemText(raw: string): string {
  // Below U+00A0 nothing is right-to-left or normalised: most items of most documents, checked in one pass.
  if (LOW.test(raw)) return raw;
  if (MAYBE_RTL.test(raw)) throw new Unsupported('right-to-left text');
  return raw
    .replace(NFKC_RUNS, (run) => run.normalize('NFKC'))
    .replace(LONG_S_T, (run) => {
      // pdf.js looks whole runs up in a one-entry map, so "ﬅﬅ" comes out as the word "undefined".
      if (run.length > 1) throw new Unsupported('repeated U+FB05');
      return '\u017ft';
    });
}
