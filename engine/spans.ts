/**
 * Lines → spans: one span per run with its emphasis, lines joined by a space,
 * or glued when the line ends in a hyphenation break.
 */
import type { Line, Span, TextRun } from './model.ts';
import { isCodeRun, isSpace } from './geometry.ts';

/** Decides whether `left-` + `right` was a real hyphenated compound (keep the hyphen). */
export type HyphenPolicy = (left: string, right: string) => boolean;

/** A word as the vocabulary counts it: letters, perhaps joined by hyphens. */
const WORD = /^[\p{L}][\p{L}-]*[\p{L}]$/u;
const LETTER = /\p{L}/u;
const HYPHEN = 0x2d;

/** Whether the code point starting at `i` (`dir` 1) or ending at `i` (`dir` -1) is a letter. */
function letterAt(text: string, i: number, dir: 1 | -1): boolean {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return false;
  if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) return true; // ASCII letters, either case: the usual case, no regex
  if (c < 0x80) return false;
  let cp = text.codePointAt(i)!;
  // Read backwards, a low surrogate ends its pair's code point.
  if (dir === -1 && cp >= 0xdc00 && cp <= 0xdfff && i > 0 && text.codePointAt(i - 1)! > 0xffff) cp = text.codePointAt(i - 1)!;
  return LETTER.test(String.fromCodePoint(cp));
}

/**
 * How often `word` stands as a word of `text`: a stretch of letters and
 * hyphens, stripped of hyphens at its ends, that is exactly `word` (as
 * `text.match(/[\p{L}][\p{L}-]*[\p{L}]/gu)` would cut it).
 */
export function wordCount(text: string, word: string): number {
  if (!WORD.test(word)) return 0;
  let n = 0;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    // A letter before it (perhaps across hyphens) or after it makes it part of a longer word.
    let i = at - 1;
    while (text.charCodeAt(i) === HYPHEN) i--;
    if (i >= 0 && letterAt(text, i, -1)) continue;
    let j = at + word.length;
    while (text.charCodeAt(j) === HYPHEN) j++;
    if (!letterAt(text, j, 1)) n++;
  }
  return n;
}

/**
 * Decides hyphenation from the document's own vocabulary: how often it writes
 * the two halves joined and hyphenated. Few documents ask, and each asks a
 * few times, so the words are counted in the text (built on the first
 * question) for each question rather than all counted up front: the same
 * counts, for a small share of the cost.
 */
export function vocabularyPolicy(texts: Iterable<string> | (() => string)): HyphenPolicy {
  let text: string | undefined;
  // The lines' texts joined by newlines, or the function that joins them (documentText), asked on the first question.
  const joined = (): string => (typeof texts === 'function' ? texts() : [...texts].join('\n'));
  // Lower-cased at once: case mapping reads no context across a line break (final sigma ends at one as at the text's end).
  const count = (word: string) => wordCount(text ??= joined().toLowerCase(), word);
  return (left, right) => {
    const l = left.toLowerCase(), r = right.toLowerCase();
    const joined = count(l + r);
    const hyphened = count(`${l}-${r}`);
    // Unknown either way: a capital or short fragment after the break suggests a compound.
    if (joined === hyphened) return /^\p{Lu}/u.test(right) || hyphened > 0;
    return hyphened > joined;
  };
}

function runSpan(r: TextRun): Span {
  const s: Span = { text: r.text };
  if (r.bold) s.bold = true;
  if (r.italic) s.italic = true;
  if (isCodeRun(r)) s.code = true;
  if (r.href) s.href = r.href;
  if (r.script) s.script = r.script;
  return s;
}

const BREAK = /(\p{L}+)-$/u;

/** Chinese and Japanese (not Korean) write no spaces: a line break between two such characters joins without one. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** No character of those scripts or signs comes before U+2E80 (CJK radicals), and a lone surrogate is none. */
const UNSPACED_FROM = 0x2e80;
const unspacedJoin = (left: string, right: string): boolean => !(left.charCodeAt(left.length - 1) < UNSPACED_FROM) // every line ends so: no pattern to run
  && UNSPACED.test(left.at(-1) ?? '') && UNSPACED.test(right.trimStart()[0] ?? '');

/**
 * Appends the spans of the next line (or of a paragraph's next part) to
 * `out`, joined at the break as a reader would: a word hyphenated over the
 * break is glued unless the document spells it with a hyphen, and the parts
 * are a space apart unless both sides are unspaced scripts. May change the
 * text of `out`'s last span.
 */
export function appendLineSpans(out: Span[], spans: Span[], keepHyphen: HyphenPolicy): void {
  if (spans.length === 0) return;
  const last = out.at(-1);
  if (last) {
    // The hyphen may be a run of its own (a glyph with /ActualText is its own text item).
    const tail = last.text === '-' && out.length > 1 ? `${out.at(-2)!.text}-` : last.text;
    // Most lines end in no hyphen: the pattern, which scans the whole text, is tried only on those that do.
    const m = tail.endsWith('-') ? BREAK.exec(tail) : null;
    const first = spans[0]!.text;
    // In capitals the right half's case says nothing: the document's vocabulary decides, as in lower case.
    const caps = m && /^\p{Lu}+$/u.test(m[1]!) ? first.match(/^\p{Lu}+(?!\p{Ll})/u)?.[0]?.toLowerCase() : undefined;
    const next = m ? first.match(/^\p{Ll}[\p{L}]*/u)?.[0] ?? caps : undefined;
    if (m && next && !last.code) {
      // A line-end hyphen glues the halves; only a real compound keeps the hyphen itself.
      if (!keepHyphen(m[1]!, next)) last.text = last.text.slice(0, -1);
    } else if (m && !last.code && /^\p{Lu}/u.test(first)) {
      // Before a capital the hyphen is the compound's own ("Soekarno-" / "Hatta"): kept, and no space.
    } else if (!isSpace(last.text.charCodeAt(last.text.length - 1)) && !unspacedJoin(last.text, first)) spans[0] = { ...spans[0]!, text: ' ' + first.replace(/^\s+/, '') };
  }
  out.push(...spans);
}

/** Builds the spans of a paragraph from its lines. */
export function spansFromLines(lines: Line[], keepHyphen: HyphenPolicy): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < lines.length; i++) appendLineSpans(out, lines[i]!.runs.map(runSpan), keepHyphen);
  // Plain text between two code spans stays plain; trailing spaces in code are meaningless.
  return out.filter((s) => s.text !== '');
}
