/**
 * Words broken across the lines of a narrow table cell. Browsers and word
 * processors break a word that does not fit a cell at any character
 * ("DEBUG_DEPT" / "H", "Ye" / "s"), so the line it starts on is full to the
 * cell's edge. Such a break is glued back when the whole word occurs
 * elsewhere in the document; a full line that ends a word ("Duplicate" /
 * "Files") joins with a space as any wrapped line does.
 */
import type { TextRun } from '../model.ts';

/** The document's words, built on first use: most cells never need them. */
export type Words = () => ReadonlySet<string>;

/** What a cell needs to judge its line breaks: the document's words and the cell column's right text edge. */
export type BreakContext = { words: Words; right: number };

const WORD = /[\p{L}\p{N}_]+/gu;

/** The document's words, lower-cased, for telling broken words from wrapped ones; read from `texts` on first use. */
export function documentWords(texts: () => Iterable<string>): Words {
  let out: Set<string> | null = null;
  return () => {
    if (!out) {
      out = new Set<string>();
      // Joined and lower-cased at once, one pattern run instead of one per text: no word reaches across a line break,
      // and case mapping reads no context across one (final sigma ends at it as at a text's end).
      const found = Array.from(texts()).join('\n').toLowerCase().match(WORD) ?? [];
      for (let i = 0; i < found.length; i++) out.add(found[i]!);
    }
    return out;
  };
}

const text = (line: readonly TextRun[]): string => line.map((r) => r.text).join('').trim();

/** Share of a character's mean width a full line may stop short of the cell's right edge (most of a character). */
const SHORT_OF_EDGE = 0.7;

/** Whether a line runs to the cell's right edge, give or take most of a character. */
function full(line: readonly TextRun[], right: number): boolean {
  const last = line[line.length - 1]!;
  const chars = Math.max(1, last.text.trim().length);
  return last.box.x1 >= right - SHORT_OF_EDGE * ((last.box.x1 - last.box.x0) / chars);
}

/**
 * For each boundary between consecutive visual lines of a cell, whether the
 * lines join without a space (a word broken at the cell's edge). Fragments
 * chain: "C" / "o" / "p" / "y" is one word when "copy" is.
 */
export function brokenWordBoundaries(lines: readonly (readonly TextRun[])[], ctx: BreakContext): boolean[] {
  const glue = lines.slice(1).map(() => false);
  for (let i = 0; i + 1 < lines.length;) {
    const head = text(lines[i]!).match(/[\p{L}\p{N}_]+$/u)?.[0];
    if (!head || !full(lines[i]!, ctx.right)) { i++; continue; }
    // Extend over following lines while each continues the word and fills the cell (all but the last piece).
    let word = head.toLowerCase();
    let best = -1;
    for (let j = i + 1; j < lines.length; j++) {
      const piece = text(lines[j]!).match(/^[\p{L}\p{N}_]+/u)?.[0];
      // Digits against digits are two numbers stacked in a column ("12.5" / "8.7"), never one broken word:
      // a short number like "58" occurs somewhere in any numeric table.
      if (!piece || (/\p{N}$/u.test(word) && /^\p{N}/u.test(piece))) break;
      word += piece.toLowerCase();
      if (ctx.words().has(word)) best = j;
      const wholeLine = piece.length === text(lines[j]!).length;
      if (!wholeLine || !full(lines[j]!, ctx.right)) break;
    }
    if (best < 0) { i++; continue; }
    for (let k = i; k < best; k++) glue[k] = true;
    i = best;
  }
  return glue;
}

/** How a cell's line that ends in a hyphen after a letter joins the next: `drop` the hyphen (a word broken by hyphenation), `keep` it (a compound). */
export type HyphenJoin = 'drop' | 'keep' | null;

/**
 * For each boundary between consecutive visual lines of a cell, whether it
 * is a hyphenation break (TeX hyphenates narrow `p{}` cells: `rev-` /
 * `enue`): the line ends in a letter and a hyphen and the next starts with a
 * lower-case letter. The halves join without a space; the hyphen goes when
 * the document spells the joined word elsewhere, else it stays (`well-` /
 * `known`), as paragraphs do (spans.ts).
 */
export function hyphenBoundaries(lines: readonly (readonly TextRun[])[], words: Words): HyphenJoin[] {
  return lines.slice(1).map((line, i) => {
    const head = text(lines[i]!).match(/(\p{L}+)-$/u)?.[1];
    const tail = text(line).match(/^\p{Ll}\p{L}*/u)?.[0];
    if (!head || !tail) return null;
    return words().has((head + tail).toLowerCase()) ? 'drop' : 'keep';
  });
}
