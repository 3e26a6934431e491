/**
 * Right-to-left lines (Hebrew, Arabic) in logical order. A PDF draws glyphs
 * in visual order, left to right; pdf.js reorders each text item on its own
 * (its own simplified bidi, direction guessed per item), so a line mixing
 * scripts comes out of the items in pieces that neither item order nor x
 * order puts right: Latin words move, spaces between items are lost, a
 * sentence's full stop ends up in front. Here a row's runs are put back into
 * visual order by position, joined by the gaps between them, and the whole
 * row is reordered once with the Unicode bidirectional algorithm (bidi-js),
 * with the page's base direction and mirrored brackets. Applied to visual
 * text, the reordering restores logical order for the usual two-level text
 * (right-to-left words with numbers or Latin words inside).
 */
import bidiModule from 'bidi-js';
import type { TextRun } from '../model.ts';
import { unionBox } from '../geometry.ts';
import { drawnBrackets } from './mirrored-brackets.ts';

/** Base direction of a paragraph. */
export type BaseDir = 'ltr' | 'rtl';

// bidi-js is a UMD bundle: Node hands over the factory itself; its types describe an ES default export.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();
const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/u;
const STRONG_RTL_ALL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/gu;
const STRONG_LTR_ALL = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/gu;
/** Right-to-left letters must be at least this share of a page's letters for its paragraphs to read right to left. */
const RTL_PAGE_SHARE = 0.3;
/**
 * Where a right-to-left word meets a left-to-right one (Latin, Greek, Cyrillic
 * letters or ASCII digits), a gap of this many ems is a space. Scripts of
 * opposite directions are not written against each other, and justified
 * right-to-left lines set their spaces tight (xepersian: 0.14 em), below the
 * cut between runs of one script, which must not split kerned words.
 */
const SCRIPT_CHANGE_SPACE_EM = 0.1;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const LTR_WORD_CHAR = /[0-9\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

/** Whether a text holds right-to-left letters. */
export const hasRtl = (text: string): boolean => STRONG_RTL.test(text);

/** How many strong right-to-left and left-to-right letters the runs hold. */
export function letterDirections(runs: readonly TextRun[]): { rtl: number; ltr: number } {
  let rtl = 0, ltr = 0;
  for (const r of runs) {
    rtl += r.text.match(STRONG_RTL_ALL)?.length ?? 0;
    ltr += r.text.match(STRONG_LTR_ALL)?.length ?? 0;
  }
  return { rtl, ltr };
}

/** The base direction of a page's paragraphs, from its letters. */
export function pageDirection(runs: readonly TextRun[]): BaseDir {
  const { rtl, ltr } = letterDirections(runs);
  return rtl > 0 && rtl >= RTL_PAGE_SHARE * (rtl + ltr) ? 'rtl' : 'ltr';
}

/** Visual order to logical (the algorithm's reordering, brackets mirrored). */
function reorder(text: string, dir: BaseDir): string {
  return bidi.getReorderedString(text, bidi.getEmbeddingLevels(text, dir));
}

/** The algorithm's reordering without mirroring: what pdf.js does to an item, and undoes when done again. */
function reorderPlain(text: string, dir: BaseDir): string {
  const chars = [...text];
  if (chars.length !== text.length) return text; // astral characters: bidi-js indexes code units; leave as is
  for (const [start = 0, end = -1] of bidi.getReorderSegments(text, bidi.getEmbeddingLevels(text, dir))) {
    const part = chars.slice(start, end + 1).reverse();
    chars.splice(start, part.length, ...part);
  }
  return chars.join('');
}

/**
 * A run's text in visual order. pdf.js reordered each item holding
 * right-to-left letters with the item's own direction (its `dir`), without
 * mirroring; doing the same again undoes it.
 */
const visual = (r: TextRun): string => (hasRtl(r.text) ? reorderPlain(tightNumber(r.text), r.dir === 'rtl' ? 'rtl' : 'ltr') : r.text);

/**
 * A section or list number in Arabic-script digits ("۱.۱.۲") comes out of
 * both readers as "۱. ۱ . ۲": its separators' widths in the font are narrower
 * than the advance the producer placed them with, and the gap reads as a
 * space. A run holding nothing but such digits and separators is one number.
 * Kept apart, its pieces would be reordered as separate numbers.
 */
const ARABIC_NUMBER = /^[\u0660-\u0669\u06F0-\u06F9]+(?:\s?[.\u066B]\s?[\u0660-\u0669\u06F0-\u06F9]+)+\s?\.?$/u;
const tightNumber = (text: string): string => (ARABIC_NUMBER.test(text.trim()) ? text.replace(/\s+/g, '') : text);

/** Whether two characters side by side (in visual order) are letters of scripts written in opposite directions. */
function directionsMeet(left: string | undefined, right: string | undefined): boolean {
  if (!left || !right) return false;
  return (RTL_LETTER.test(left) && LTR_WORD_CHAR.test(right)) || (LTR_WORD_CHAR.test(left) && RTL_LETTER.test(right));
}

/**
 * A number as read left to right: sign or currency first, then digits and
 * their separators, then a per cent sign, a footnote mark or a bracketed
 * flag (`-876`, `519 (e)`, `11,252*`).
 */
const LTR_NUMBER = /^[-+−]?[$€£]?\d[\d.,\u066B\u066C]*%?(?:\s?\([\p{L}\d]{1,2}\)|[*†‡])?$/u;

/**
 * Whether a piece with no right-to-left letters was set left to right: its
 * visual text already reads as a number. A spreadsheet sets number cells
 * left to right in a right-to-left sheet (Calc draws `-876`), where a right-
 * to-left paragraph would show the sign after the digits (`876-`), which the
 * algorithm turns back; reordering a left-to-right number would move its sign.
 */
const setLeftToRight = (text: string): boolean => !hasRtl(text) && LTR_NUMBER.test(text);

/** A piece's text (visual order, as drawn) in logical order, read in a paragraph of direction `base`. */
export function logicalText(drawn: string, base: BaseDir): string {
  const text = drawnBrackets(drawn);
  return setLeftToRight(text) ? text : reorder(text, base);
}

/** The run with the most text, whose style a merged piece takes. */
const main = (runs: readonly TextRun[]): TextRun => runs.reduce((a, b) => (b.text.length > a.text.length ? b : a));

/** One piece of a row (runs with no wide gap between them) as a single run in logical order. */
/** One piece's text as drawn: its runs in visual order, joined by the gaps between them. */
function drawnText(runs: readonly TextRun[], spaceEm: number): string {
  let text = '';
  runs.forEach((r, i) => {
    const prev = runs[i - 1];
    const gap = prev ? r.box.x0 - prev.box.x1 : 0;
    const piece = visual(r);
    const cut = directionsMeet(text.at(-1), piece[0]) ? SCRIPT_CHANGE_SPACE_EM : spaceEm;
    if (prev && gap > cut * Math.max(1, Math.min(prev.fontSize, r.fontSize)) && !/\s$/.test(text) && !/^\s/.test(piece)) text += ' ';
    text += piece;
  });
  return text.trim();
}

function logicalPiece(runs: readonly TextRun[], base: BaseDir, spaceEm: number): TextRun {
  const { href: _href, script: _script, ...style } = main(runs);
  const drawn = drawnText(runs, spaceEm);
  const out: TextRun = { ...style, text: logicalText(drawn, base), box: unionBox(runs.map((r) => r.box)), dir: base };
  // A number whose sign or flag a right-to-left paragraph would have drawn on the other side was set left to right.
  if (base === 'rtl' && out.text === drawn && setLeftToRight(drawn) && reorder(drawn, base) !== drawn) out.drawnLtr = true;
  const href = runs[0]?.href;
  if (href && runs.every((r) => r.href === href)) out.href = href;
  return out;
}

/**
 * A row holding right-to-left letters, in reading order: runs joined into
 * pieces at gaps narrower than `splitEm` ems (wider ones separate cells and
 * columns), each piece one run in logical order, the pieces ordered by
 * `base`. On a right-to-left page a row with no right-to-left letter is
 * read so too when it holds numbers alone (a table row whose stub is a
 * year), or a number drawn the right-to-left way (`4.3-` for `-4.3`): text
 * with no letter of either direction takes the direction of the page it
 * stands in. Latin words in such a row stay as drawn (a stub's wrapped
 * Latin line beside its row's numbers). Null for any other row.
 */
export function bidiRow(row: readonly TextRun[], base: BaseDir, splitEm: number, spaceEm: number): TextRun[] | null {
  const rtl = row.some((r) => hasRtl(r.text));
  if (!rtl && base !== 'rtl') return null;
  const sorted = [...row].sort((a, b) => a.box.x0 - b.box.x0);
  const pieces: TextRun[][] = [];
  for (const r of sorted) {
    const cur = pieces.at(-1);
    const prev = cur?.at(-1);
    if (cur && prev && r.box.x0 - prev.box.x1 <= splitEm * Math.max(1, r.fontSize)) cur.push(r);
    else pieces.push([r]);
  }
  const out = pieces.map((p) => logicalPiece(p, base, spaceEm));
  if (!rtl) {
    // Only numbers are known to follow the page's direction; Latin words keep the order they were drawn in.
    const drawn = pieces.map((p) => drawnText(p, spaceEm));
    const turned = out.some((r, i) => LTR_NUMBER.test(r.text) && r.text !== drawn[i]);
    if (!turned && !out.every((r) => LTR_NUMBER.test(r.text))) return null;
    out.forEach((r, i) => { if (!LTR_NUMBER.test(r.text)) r.text = drawn[i]!; });
  }
  return base === 'rtl' ? out.reverse() : out;
}
