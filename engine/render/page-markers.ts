/**
 * pageMarkers: `<!-- page N -->` before the first block that starts on each
 * page. A block that runs on over a page break is never cut: a table merged
 * across pages and a list continued on the next page already live on the
 * page they start on, and a paragraph broken by the page (its line runs on
 * in lower case at the top of the next page) is joined here, so the next
 * page's marker follows it. Every page converted gets its marker, an empty
 * one too, so a reader can count pages by markers.
 */
import type { Block, Doc, Span } from '../model.ts';

/** The marker of page `n`; text never renders a bare `<` (inline.ts escapes it), so the markers are unambiguous outside code. */
export const pageMarker = (n: number): string => `<!-- page ${n} -->`;

const textOf = (b: Block): string => ('spans' in b ? b.spans.map((s) => s.text).join('') : '');

/** A paragraph that ends mid-sentence, followed by one that starts in lower case: one paragraph broken by the page. */
function runsOn(prev: Block | undefined, next: Block | undefined): boolean {
  if (prev?.kind !== 'paragraph' || next?.kind !== 'paragraph') return false;
  return !/[.!?:;…"”»)\]]\s*$/u.test(textOf(prev)) && /^\s*\p{Ll}/u.test(textOf(next));
}

function joined(prev: Extract<Block, { kind: 'paragraph' }>, next: Extract<Block, { kind: 'paragraph' }>): Block {
  // A word hyphenated over the page break loses its hyphen, as within a page.
  const hyphen = /\p{L}-$/u.test(textOf(prev).trimEnd());
  const head: Span[] = hyphen ? prev.spans.map((s, i) => (i === prev.spans.length - 1 ? { ...s, text: s.text.trimEnd().slice(0, -1) } : s)) : [...prev.spans, { text: ' ' }];
  return { kind: 'paragraph', spans: [...head, ...next.spans], prov: prev.prov };
}

/** The document as one list of pieces: a page's marker, then the blocks that start on it. */
export function markedPieces(doc: Doc): (Block | { marker: number })[] {
  const out: (Block | { marker: number })[] = [];
  let lastBlock = -1;
  for (const page of doc.pages) {
    const blocks = [...page.blocks];
    const first = blocks[0];
    const prev = lastBlock >= 0 ? (out[lastBlock] as Block) : undefined;
    if (prev && first && runsOn(prev, first)) {
      out[lastBlock] = joined(prev as Extract<Block, { kind: 'paragraph' }>, first as Extract<Block, { kind: 'paragraph' }>);
      blocks.shift();
    }
    out.push({ marker: page.number });
    for (const b of blocks) {
      out.push(b);
      lastBlock = out.length - 1;
    }
  }
  return out;
}
