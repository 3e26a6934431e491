/**
 * Which paragraphs are set apart the way headings are: more space above
 * than between the document's paragraphs of prose, and no less above than
 * below (the heading belongs to what follows), or run in before the text of
 * its section on the same line (LaTeX \paragraph). Bold lines with ordinary
 * spacing are emphasis: a "Note" lead-in, a definition term; so is a bold
 * line with its text indented under it, however spaced.
 */
import type { Block, Page } from '../model.ts';
import { median } from '../geometry.ts';
import { listMarker, markerText } from './lists.ts';
import { runsIn } from './heading-run-in.ts';

type Para = Extract<Block, { kind: 'paragraph' }>;

/** Space above must exceed the page's usual gap between blocks by this factor. */
const ABOVE_FACTOR = 1.2;

const overlapX = (a: Block, b: Block): boolean => a.prov.box.x0 < b.prov.box.x1 && b.prov.box.x0 < a.prov.box.x1;

/** Vertical gap from `a` down to `b` when `b` follows `a` in the same column, else null. */
function gapBelow(a: Block | undefined, b: Block | undefined): number | null {
  if (!a || !b || !overlapX(a, b) || b.prov.box.y0 < a.prov.box.y0) return null;
  return b.prov.box.y0 - a.prov.box.y1;
}

/** A paragraph of running text: not all code or bold, not a list item (items sit closer together). */
const prose = (b: Block | undefined): boolean => b?.kind === 'paragraph'
  && !(b.lines ?? []).every((l) => l.runs.every((r) => r.monospace || r.bold))
  && listMarker(markerText(b.spans)) === null;

/**
 * The document's usual gap between two paragraphs of prose. Gaps around code
 * blocks and lists are often wider and would hide a heading's extra space.
 */
export function usualGap(pages: readonly Page[]): number {
  const gaps: number[] = [];
  const anyGaps: number[] = [];
  // Each block is asked as the one above a gap and as the one below: it is judged once.
  const judged = new Map<Block, boolean>();
  const isProse = (b: Block | undefined) => b === undefined ? false : judged.get(b) ?? judged.set(b, prose(b)).get(b)!;
  for (const p of pages) {
    p.blocks.forEach((b, i) => {
      const g = gapBelow(b, p.blocks[i + 1]);
      if (g === null || g <= 0) return;
      anyGaps.push(g);
      if (isProse(b) && isProse(p.blocks[i + 1])) gaps.push(g);
    });
  }
  // A document of code and short notes may have no two paragraphs of prose in a row.
  return median(gaps.length ? gaps : anyGaps);
}

/**
 * Whether the prose after `b` is indented under it by more than an em, as a
 * definition's description hangs under its term. A heading's section starts
 * at or left of the heading (centred headings stand right of it).
 */
function hangsUnder(b: Para, next: Block | undefined): boolean {
  const em = b.lines?.[0]?.runs[0]?.fontSize ?? 0;
  // A list or a code example may be indented under a heading; a description is prose.
  if (next?.kind !== 'paragraph' || !prose(next)) return false;
  const below = next.prov.box.y0 - b.prov.box.y1;
  return below >= -1 && below < 2 * em && next.prov.box.x0 > b.prov.box.x0 + em; // under 2 ems below: no blank line between
}

/** The page's paragraphs that are set apart as headings are, given the document's usual gap; see the module comment. */
export function setApartParagraphs(page: Page, usual: number): Set<Para> {
  const blocks = page.blocks;
  const out = new Set<Para>();
  blocks.forEach((b, i) => {
    if (b.kind !== 'paragraph') return;
    const next = blocks[i + 1];
    const above = gapBelow(blocks[i - 1], b);
    const below = gapBelow(b, next);
    const spaced = above !== null && usual > 0 && above >= ABOVE_FACTOR * usual && (below === null || above >= below - 1);
    if ((spaced && !hangsUnder(b, next)) || runsIn(b, next)) out.add(b);
  });
  return out;
}
