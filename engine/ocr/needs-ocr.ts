/**
 * The 'auto' OCR decision: a page is rendered and read by OCR only when its
 * text layer is missing or unreadable AND there is something to read. Cheap:
 * it looks only at the runs already extracted and at what the reader counted.
 */
import type { TextRun } from '../model.ts';

/** Page facts the heuristic may use; `ink` is what the reader counted besides text, when it counted. */
export type PageInfo = { width: number; height: number; ink?: { images: number; paths: number } };

/**
 * Why a page's text layer is not trusted: no text layer, mostly unusable
 * glyphs (private use, U+FFFD, control codes), or a long text with hardly a
 * letter, combining mark or digit in it.
 */
export type TextLayerFault = 'no_text_layer' | 'unusable_glyphs' | 'few_letters';

/** Fewer visible characters than this on a page is "no text layer" (a page number alone is not text). */
const MIN_CHARS = 8;
/** Share of unusable characters above which the text layer is garbage. */
const MAX_GARBAGE_SHARE = 0.3;
/** Below this share of letters and digits a long text layer is garbage (symbols standing for letters). */
const MIN_WORDISH_SHARE = 0.3;
/** Visible characters a page needs before its letter share is judged (a formula alone is not evidence). */
const MIN_CHARS_FOR_SHARE = 50;
/**
 * Painted paths a page without text needs before OCR is worth it: text
 * converted to outlines paints one path per glyph or word, while a blank page,
 * a frame or a few rules paint a handful.
 */
const MIN_OUTLINE_PATHS = 40;

/**
 * Characters a real text layer almost never consists of: private-use code
 * points (fonts without a ToUnicode map), U+FFFD, and control characters.
 */
function unusable(cp: number): boolean {
  return (cp >= 0xe000 && cp <= 0xf8ff) || cp === 0xfffd || cp < 0x20;
}

/**
 * What is wrong with the page's text layer, or null when it is usable.
 * `page` scales the no-text threshold with page area: a tiny label page needs less text.
 */
export function textLayerFault(runs: readonly TextRun[], page: PageInfo): TextLayerFault | null {
  const { visible, bad, wordish } = countChars(runs);
  const area = (page.width * page.height) / (612 * 792);
  const minChars = Math.max(2, Math.round(MIN_CHARS * Math.min(1, area)));
  if (visible < minChars) return 'no_text_layer';
  if (bad / visible > MAX_GARBAGE_SHARE) return 'unusable_glyphs';
  return visible >= MIN_CHARS_FOR_SHARE && wordish / visible < MIN_WORDISH_SHARE ? 'few_letters' : null;
}

/**
 * True when there is something for OCR to read on a page with this fault: an
 * unreadable text layer is itself ink (its glyphs render), a page without one
 * needs an image or text drawn as outlines. A reader that did not count the
 * ink (`page.ink` undefined) gets the benefit of the doubt.
 */
export function hasInkToRead(fault: TextLayerFault, page: PageInfo): boolean {
  if (fault !== 'no_text_layer' || !page.ink) return true;
  return page.ink.images > 0 || page.ink.paths >= MIN_OUTLINE_PATHS;
}

/**
 * The 'auto' decision: the fault that makes the page worth OCR, or null when
 * its text layer is usable or there is nothing to read.
 */
export function ocrWorthIt(runs: readonly TextRun[], page: PageInfo): TextLayerFault | null {
  const fault = textLayerFault(runs, page);
  return fault && hasInkToRead(fault, page) ? fault : null;
}

/** True when the page has no usable text layer and something to read (see ocrWorthIt). */
export function pageNeedsOcr(runs: readonly TextRun[], page: PageInfo): boolean {
  return ocrWorthIt(runs, page) !== null;
}

/**
 * One pass over the page's characters; runs on every page, so no
 * per-character allocation. A symbol repeating the visible character before
 * it counts once: dot leaders in a table of contents or an index
 * (`Functions . . . . . 22`) are layout, not a sign of garbage.
 */
function countChars(runs: readonly TextRun[]): { visible: number; bad: number; wordish: number } {
  let visible = 0, bad = 0, wordish = 0, last = -1;
  // The runs' text as one flat string, a newline between runs (white space: skipped, and never the
  // character before the next, so the counts are the same). Read per run, the runs' strings of many
  // kinds (concatenated, sliced, flat) made every character read a megamorphic property lookup.
  const text = allText(runs);
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    const ascii = cp < 0x80;
    if (ascii ? cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) : WHITE.test(String.fromCodePoint(cp))) continue;
    const letterOrDigit = ascii ? (cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a) : WORDISH.test(String.fromCodePoint(cp));
    const isBad = unusable(cp);
    const repeat = cp === last && !letterOrDigit && !isBad;
    last = cp;
    if (repeat) continue;
    visible++;
    if (isBad) bad++;
    else if (letterOrDigit) wordish++;
  }
  return { visible, bad, wordish };
}

/** The runs' text joined by newlines, as one flat string. */
function allText(runs: readonly TextRun[]): string {
  const texts: string[] = new Array<string>(runs.length);
  for (let k = 0; k < runs.length; k++) texts[k] = runs[k]!.text;
  return texts.join('\n');
}

const WHITE = /^\s$/u;
// Combining marks belong to words: a type sample of Lepcha or Devanagari vowel signs is text, not symbols.
const WORDISH = /^[\p{L}\p{M}\p{N}]$/u;
