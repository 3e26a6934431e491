/**
 * Run-in headings: a bold title at the start of a paragraph, with the
 * section's text going on after it on the same line (LaTeX's \paragraph,
 * "Absolute Financial Losses. We measure…"). The blocks stage splits such a
 * title off when it is set an em or more apart from the text, or when it
 * reads as a title: a short phrase in title case ending with a period. A bold
 * sentence that opens a paragraph ("This feature is experimental.") is
 * emphasis and stays in place.
 */
import type { Block, Page } from '../model.ts';

type Para = Extract<Block, { kind: 'paragraph' }>;

/** Words a run-in title has at most; longer bold lead-ins are bold sentences. */
const MAX_TITLE_WORDS = 8;
/** Points two lines' tops are apart at most to sit on one line. */
const SAME_LINE_PT = 2;
/** Share of the longer words (four letters or more) that must be capitalised. */
const TITLE_CASE_SHARE = 0.6;

/** Whether a bold lead-in reads as a run-in title: two to eight words, a closing period, title case. */
export function isRunInTitle(text: string): boolean {
  const t = text.trim();
  if (!/^\p{Lu}/u.test(t) || !/\p{L}\.$/u.test(t)) return false;
  const words = t.slice(0, -1).split(/\s+/);
  if (words.length < 2 || words.length > MAX_TITLE_WORDS) return false; // two words at least: one is a label
  const long = words.filter((w) => /^\p{L}{4,}/u.test(w)); // four letters: shorter words (of, and, the) stay lower case
  return long.length > 0 && long.filter((w) => /^\p{Lu}/u.test(w)).length >= TITLE_CASE_SHARE * long.length;
}

/** Whether `next` goes on along the line `p` ends on: `p` is a heading run in before its section's text. */
export function runsIn(p: Para, next: Block | undefined): boolean {
  const first = next?.kind === 'paragraph' ? next.lines?.[0] : undefined;
  return first !== undefined && Math.abs(first.box.y0 - p.prov.box.y0) < SAME_LINE_PT && first.box.x0 > p.prov.box.x1;
}

/**
 * The paragraphs of a page that are run-in headings by their wording: one
 * bold line reading as a title, with the text running on after it. (Below an
 * outline, heading-gaps.ts takes any bold lead-in run in this way.)
 */
export function runInHeads(page: Page): Set<Para> {
  const out = new Set<Para>();
  page.blocks.forEach((b, i) => {
    if (b.kind !== 'paragraph' || b.lines?.length !== 1) return;
    const runs = b.lines[0]!.runs;
    if (runs.every((r) => r.bold || r.text.trim() === '') && isRunInTitle(runs.map((r) => r.text).join('')) && runsIn(b, page.blocks[i + 1])) out.add(b);
  });
  return out;
}
