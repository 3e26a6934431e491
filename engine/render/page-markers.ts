/**
 * pageMarkers: `<!-- page N -->` before the first block that starts on each
 * page. A block that runs on over a page break is never cut: a table merged
 * across pages and a list continued on the next page already live on the
 * page they start on, and so does a paragraph broken by the page (its line
 * runs on in lower case at the top of the next page; stages/run-on.ts), so
 * the next page's marker follows it. Every page converted gets its marker, an empty
 * one too, so a reader can count pages by markers.
 */
import type { Block, Doc } from '../model.ts';

/** The marker of page `n`; text never renders a bare `<` (inline.ts escapes it), so the markers are unambiguous outside code. */
export const pageMarker = (n: number): string => `<!-- page ${n} -->`;

/** The document as one list of pieces: a page's marker, then the blocks that start on it. */
export function markedPieces(doc: Doc): (Block | { marker: number })[] {
  const out: (Block | { marker: number })[] = [];
  for (const page of doc.pages) {
    out.push({ marker: page.number });
    out.push(...page.blocks);
  }
  return out;
}
