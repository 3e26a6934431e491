import { greatest, least, magnitude } from '../numbers.ts';
/**
 * Word spaces inside monospace text items, decided by the glyphs' actual
 * positions. pdf.js (and the direct reader, which builds the same items)
 * writes a space into an item for any gap between glyphs of more than a
 * tenth of an em. Code set on a fixed grid wider than its glyphs (listings'
 * fixed columns, a highlighter placing each token in its cells) has such
 * gaps between tokens, so `console.log(` came out `console . log (`. In a
 * fixed-pitch face a space is a whole glyph wide: a gap narrower than half
 * the glyph advance is no space. Each backend reports the non-space glyphs
 * a page showed, with that verdict; this module lines them up with the
 * items' characters (all of them, so the two stay in step) and drops the
 * spaces in monospace items that the glyphs do not bear out.
 */

/**
 * Non-space glyphs shown on a page, in content order: the character, whether
 * a real space precedes it (1) or not (0), and its advance; the first
 * `chars.length` entries of `spaced` and `advances` are the glyphs', the
 * rest is room to grow. A reader may start recording late (at the first
 * fixed-pitch glyph): `fromItem` is the first text item the record covers.
 */
export type ShownGlyphs = { chars: string[]; spaced: Uint8Array; advances: Float64Array; fromItem: number };

/** A gap narrower than this share of the glyph advance is no space in a fixed-pitch face. */
export const MONO_SPACE_SHARE = 0.5;

/** How far ahead (glyphs) an item's first character is looked for (pdf.js drops glyphs off the page). */
const SEARCH = 512;

/** Room for this many glyphs in a new record; it doubles when full. */
const FIRST_ROOM = 1024;

/** An empty record covering the items from `fromItem` on, for backends that add to it glyph by glyph. */
export const shownGlyphs = (fromItem = 0): ShownGlyphs =>
  ({ chars: [], spaced: new Uint8Array(FIRST_ROOM), advances: new Float64Array(FIRST_ROOM), fromItem });

/**
 * Records one shown glyph; `gap` and `advance` are in the same (text space)
 * units. Runs once per glyph from a page's first fixed-pitch glyph on:
 * written into typed arrays, not pushed onto arrays of booleans and numbers
 * (several times the cost).
 */
export function noteGlyph(out: ShownGlyphs, char: string, gap: number, advance: number): void {
  const n = out.chars.length;
  if (n === out.advances.length) grow(out);
  out.spaced[n] = gap >= MONO_SPACE_SHARE * magnitude(advance) ? 1 : 0;
  out.advances[n] = magnitude(advance);
  out.chars.push(char);
}

/** Doubles the room of a full record. */
function grow(out: ShownGlyphs): void {
  const spaced = new Uint8Array(out.spaced.length * 2);
  spaced.set(out.spaced);
  const advances = new Float64Array(out.advances.length * 2);
  advances.set(out.advances);
  out.spaced = spaced;
  out.advances = advances;
}

type Item = { str: string; fontName: string };

/** The glyph's text as it stands in the item at `i` (items are normalised, glyphs are not), or null. */
function matchAt(str: string, i: number, char: string): string | null {
  if (char.length === 0) return null;
  if (str.charCodeAt(i) === char.charCodeAt(0) && str.startsWith(char, i)) return char;
  // Only a character outside ASCII can read differently once normalised (ligatures, compatibility forms).
  if (char.charCodeAt(0) < 0x80) return null;
  const n = char.normalize('NFKC');
  return n !== char && str.startsWith(n, i) ? n : null;
}

/** Glyphs an item may skip (pdf.js drops glyphs off the page). */
const SKIP = 2;
/** Share of an item's characters that may have no glyph of their own (drawn in another font, as LaTeX's quotes). */
const MAX_MISSES = 0.3;
/** Glyph advances in a fixed-pitch item differ by no more than this share. */
const PITCH_TOLERANCE = 0.02;

/**
 * Lines the item's characters up with the glyphs from `from` on, give or take
 * a few: where the cursor ends and the positions of the inner spaces the
 * glyphs do not bear out (none when the glyphs differ in width: a
 * proportional face the font flags call fixed-pitch); null if they do not
 * line up. A character without a glyph keeps the space before it.
 */
function alignItem(str: string, glyphs: ShownGlyphs, from: number): { drop: number[]; next: number } | null {
  let p = from, misses = 0, chars = 0, min = Infinity, max = 0, space = -1, seen = false;
  const drop: number[] = [];
  for (let i = 0; i < str.length;) {
    if (str.charCodeAt(i) === 32) {
      space = i++;
      continue;
    }
    chars++;
    let char: string | null = null, q = p;
    for (; q <= p + SKIP && q < glyphs.chars.length && !char; q++) char = matchAt(str, i, glyphs.chars[q]!);
    if (char) {
      p = q;
      const advance = glyphs.advances[q - 1]!;
      if (advance > 0) { min = least(min, advance); max = greatest(max, advance); }
      if (space >= 0 && seen && !glyphs.spaced[q - 1]) drop.push(space);
    } else misses++;
    space = -1;
    seen = true;
    i += char?.length ?? 1;
  }
  if (misses > MAX_MISSES * chars) return null;
  return { drop: max > min * (1 + PITCH_TOLERANCE) ? [] : drop, next: p };
}

/** The text without the characters at the given positions (ascending). */
function without(str: string, drop: readonly number[]): string {
  let out = '', at = 0;
  for (const d of drop) {
    out += str.slice(at, d);
    at = d + 1;
  }
  return out + str.slice(at);
}

/** Whether some monospace item has a space between two characters: only such pages need the glyphs. */
export function hasMonoSpaces(items: readonly unknown[], mono: (fontName: string) => boolean): boolean {
  return items.some((it) => {
    const item = it as Partial<Item>;
    return typeof item.str === 'string' && typeof item.fontName === 'string' && /\S \S/.test(item.str) && mono(item.fontName);
  });
}

/**
 * Items with the inner spaces their monospace glyphs do not bear out removed.
 * `mono` tells which font ids are fixed-pitch. Every item is matched to the
 * next run of glyphs spelling it out, so the glyph cursor keeps in step; only
 * monospace items change, and an item without a match is left as it is.
 */
export function repairMonoSpaces<T>(items: readonly T[], glyphs: ShownGlyphs, mono: (fontName: string) => boolean): T[] {
  if (glyphs.chars.length === 0) return [...items];
  let p = 0;
  return items.map((it, k) => {
    const item = it as Partial<Item>;
    if (k < glyphs.fromItem || typeof item.str !== 'string' || typeof item.fontName !== 'string' || item.str.trim() === '') return it;
    const head = item.str.trimStart();
    let fixed: ReturnType<typeof alignItem> = null;
    for (let q = p; !fixed && q < least(glyphs.chars.length, p + SEARCH); q++) {
      if (matchAt(head, 0, glyphs.chars[q]!)) fixed = alignItem(item.str, glyphs, q);
    }
    // An item whose first character has no glyph of its own: matched where the cursor stands.
    fixed ??= alignItem(item.str, glyphs, p);
    if (!fixed) return it;
    p = fixed.next;
    return fixed.drop.length === 0 || !mono(item.fontName) ? it : { ...it, str: without(item.str, fixed.drop) };
  });
}
