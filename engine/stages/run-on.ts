/**
 * Stage `runOn`: a paragraph that a column or a page breaks in mid-sentence is
 * one paragraph. Its last line stops without closing punctuation, and the
 * text at the head of the next column (or page) carries on in lower case, in
 * the same face and size. Floats set between the two parts (a figure, its
 * caption, notes set smaller than the text) stay where they are; the
 * paragraph is whole before them, as its author wrote it.
 *
 * Runs after lists, quotes and footnotes, so it only ever joins two plain
 * paragraphs, and a list item continued on the next page is the lists
 * stage's (lists.ts).
 */
import type { Block, Doc, Span } from '../model.ts';
import type { Stage } from '../stage.ts';
import { boxWidth, documentText, lineFontSize, lineText } from '../geometry.ts';
import { changesFace } from './blocks.ts';
import { appendLineSpans, vocabularyPolicy, type HyphenPolicy } from '../spans.ts';
import { maxOf } from '../numbers.ts';

type Paragraph = Extract<Block, { kind: 'paragraph' }>;

/** A line that ends a sentence (or a clause a colon opens), perhaps inside quotes or brackets. */
const CLOSED = /[.!?:;…]["'”’»)\]]*\s*$/u;
/**
 * A line at least this share of the column's measure is full: ragged-right lines fall short by a word or two,
 * a label or a fragment left standing ("Clip A Frame") by far more.
 */
const FULL = 0.6;
/** A float between the parts (caption, note) is set smaller than the text by more than this share. */
const SMALLER = 0.08;

const isParagraph = (b: Block | undefined): b is Paragraph => b?.kind === 'paragraph' && (b.lines?.length ?? 0) > 0;

/**
 * Whether `next` carries on the sentence with which `prev` breaks off: `prev`
 * stops without closing punctuation on a full line (the column's measure, as
 * wide as the widest line of either part: a short line is a label or a
 * paragraph's end), and `next` opens in lower case (or `prev` breaks a word
 * with a hyphen) in the same face.
 */
export function carriesOn(prev: Paragraph, next: Paragraph): boolean {
  const a = prev.lines!.at(-1)!, b = next.lines![0]!;
  const end = lineText(a).trimEnd();
  const start = lineText(b).trimStart();
  // Lower case carries a sentence on; so does any letter after a word broken by a hyphen ("Soekarno-" / "Hatta").
  const carried = /^\p{Ll}/u.test(start) || (/\p{L}-$/u.test(end) && /^\p{L}/u.test(start));
  if (end === '' || CLOSED.test(end) || !carried || changesFace(a, b)) return false;
  const measure = maxOf([...prev.lines!, ...next.lines!].map((l) => boxWidth(l.box)));
  return boxWidth(a.box) >= FULL * measure;
}

/** A block a reader skips between the parts of a paragraph: a picture, or words set smaller than the paragraph (a caption, a note), not a stray mark. */
function isFloat(b: Block, size: number): boolean {
  if (b.kind === 'image') return true;
  // The sizes first: most paragraphs are set at the size of the next, and their text is not joined.
  return isParagraph(b) && (b.lines ?? []).every((l) => lineFontSize(l) < (1 - SMALLER) * size) && /\p{L}{2}/u.test(b.spans.map((s) => s.text).join(''));
}

/** One paragraph of two; its place and provenance are the first part's. */
function join(prev: Paragraph, next: Paragraph, keep: HyphenPolicy): Paragraph {
  const spans: Span[] = prev.spans.map((s) => ({ ...s }));
  appendLineSpans(spans, next.spans.map((s) => ({ ...s })), keep);
  return { ...prev, spans, lines: [...prev.lines!, ...next.lines!] };
}

/**
 * The index of the block `next` may carry on: the last block before `end` once
 * floats are skipped, when it is a paragraph; else -1.
 */
function openParagraph(blocks: readonly Block[], end: number, size: number): number {
  let i = end - 1;
  while (i >= 0 && isFloat(blocks[i]!, size)) i--;
  return i >= 0 && isParagraph(blocks[i]) ? i : -1;
}

export const runOn: Stage = {
  name: 'runOn',
  run(doc: Doc): Doc {
    const keep = vocabularyPolicy(() => documentText(doc.pages));
    let changed = false;
    const pages = doc.pages.map((p) => ({ ...p, blocks: [...p.blocks] }));
    pages.forEach((page, pi) => {
      const blocks = page.blocks;
      for (let i = 0; i < blocks.length; i++) {
        const next = blocks[i]!;
        if (!isParagraph(next)) continue;
        const size = lineFontSize(next.lines![0]!);
        const j = openParagraph(blocks, i, size);
        if (j >= 0) {
          const prev = blocks[j] as Paragraph;
          // Within a page the break is a column's (the next part starts no lower than where the first ends) or a float's.
          const broken = j < i - 1 || next.lines![0]!.box.y0 < prev.lines!.at(-1)!.box.y1;
          if (broken && carriesOn(prev, next)) {
            blocks[j] = join(prev, next, keep);
            blocks.splice(i--, 1);
            changed = true;
          }
          continue;
        }
        // The first text of a page, after any floats: it may carry on the last paragraph of the page before.
        if (pi === 0 || blocks.slice(0, i).some((b) => !isFloat(b, size))) continue;
        const before = pages[pi - 1]!.blocks;
        const k = openParagraph(before, before.length, size);
        if (k < 0 || !carriesOn(before[k] as Paragraph, next)) continue;
        before[k] = join(before[k] as Paragraph, next, keep);
        blocks.splice(i--, 1);
        changed = true;
      }
    });
    return changed ? { ...doc, pages } : doc;
  },
};
