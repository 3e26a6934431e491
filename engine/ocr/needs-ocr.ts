/**
 * The 'auto' OCR decision: a page needs OCR when its text layer is missing or
 * unreadable. Cheap: it looks only at the runs already extracted.
 */
import type { TextRun } from '../model.ts';

/** Page facts the heuristic may use. */
export type PageInfo = { width: number; height: number };

/** Fewer visible characters than this on a page is "no text layer" (a page number alone is not text). */
const MIN_CHARS = 8;
/** Share of unusable characters above which the text layer is garbage. */
const MAX_GARBAGE_SHARE = 0.3;

/**
 * Characters a real text layer almost never consists of: private-use code
 * points (fonts without a ToUnicode map), U+FFFD, and control characters.
 */
function unusable(c: string): boolean {
  const cp = c.codePointAt(0) ?? 0;
  return (cp >= 0xe000 && cp <= 0xf8ff) || cp === 0xfffd || cp < 0x20;
}

/**
 * True when the page has no usable text layer: almost no visible characters,
 * or mostly private-use/replacement/control glyphs, or (for a page that has a
 * fair amount of text) hardly any letters or digits at all. `page` is for
 * scaling the threshold with page area: a tiny label page needs less text.
 */
export function pageNeedsOcr(runs: readonly TextRun[], page: PageInfo): boolean {
  const { visible, bad, wordish } = countChars(runs);
  const area = (page.width * page.height) / (612 * 792);
  const minChars = Math.max(2, Math.round(MIN_CHARS * Math.min(1, area)));
  if (visible < minChars) return true;
  if (bad / visible > MAX_GARBAGE_SHARE) return true;
  return visible >= 50 && wordish / visible < 0.3;
}

/** One pass over the page's characters; runs on every page, so no per-character allocation. */
function countChars(runs: readonly TextRun[]): { visible: number; bad: number; wordish: number } {
  let visible = 0, bad = 0, wordish = 0;
  for (const run of runs) {
    for (const c of run.text) {
      const cp = c.codePointAt(0) ?? 0;
      const ascii = cp < 0x80;
      if (ascii ? cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) : WHITE.test(c)) continue;
      visible++;
      if (unusable(c)) bad++;
      else if (ascii ? (cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a) : WORDISH.test(c)) wordish++;
    }
  }
  return { visible, bad, wordish };
}

const WHITE = /^\s$/u;
const WORDISH = /^[\p{L}\p{N}]$/u;
