/**
 * Links to headings (issue 24): a link whose destination the reader resolved
 * to a place on a page (`p2m-dest:@<page>:<y>`, extract/link-dests.ts)
 * becomes `#slug` when a heading starts there, with GitHub's slugs of the
 * heading text; any other link into the document loses its href and stays
 * as plain text.
 */
import type { Block, Doc, Span } from '../model.ts';
import type { Stage } from '../stage.ts';
import { DEST_PREFIX } from '../extract/links.ts';

/** How far (points) below the destination's top a heading may start and still be what the link shows. */
const BELOW = 36;
/** How far above it: destinations are set at or just above the heading's top. */
const ABOVE = 6;

/** GitHub's anchor for a heading text: lower case, punctuation removed, spaces as hyphens. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

type Anchor = { page: number; y: number; slug: string };

/** The headings of the document in order, each with its unique slug (repeats get -1, -2, … as on GitHub). */
function anchors(doc: Doc): Anchor[] {
  const seen = new Map<string, number>();
  const out: Anchor[] = [];
  for (const page of doc.pages) {
    for (const b of page.blocks) {
      if (b.kind !== 'heading') continue;
      const base = slug(b.spans.map((s) => s.text).join('').trim());
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.push({ page: b.prov.page, y: b.prov.box.y0, slug: n === 0 ? base : `${base}-${n}` });
    }
  }
  return out;
}

function target(href: string, list: readonly Anchor[]): string | undefined {
  const m = /^@(\d+):([\d.]+)$/.exec(href.slice(DEST_PREFIX.length));
  if (!m) return undefined;
  const page = Number(m[1]), y = Number(m[2]); // groups: the page, the y on it
  let best: Anchor | undefined;
  for (const a of list) {
    if (a.page !== page || a.y < y - ABOVE || a.y > y + BELOW) continue;
    if (!best || a.y < best.y) best = a;
  }
  return best && best.slug !== '' ? `#${best.slug}` : undefined;
}

function fixSpans(spans: Span[], list: readonly Anchor[]): Span[] {
  return spans.map((s) => {
    if (!s.href?.startsWith(DEST_PREFIX)) return s;
    const href = target(s.href, list);
    if (href) return { ...s, href };
    const { href: _, ...rest } = s;
    return rest;
  });
}

function fixBlock(b: Block, list: readonly Anchor[]): Block {
  switch (b.kind) {
    case 'heading': case 'paragraph': return { ...b, spans: fixSpans(b.spans, list) };
    case 'list': return { ...b, items: b.items.map((it) => ({ spans: fixSpans(it.spans, list), children: it.children.map((c) => fixBlock(c, list)) })) };
    case 'table': return { ...b, rows: b.rows.map((row) => row.map((c) => ({ ...c, spans: fixSpans(c.spans, list) }))) };
    case 'quote': return { ...b, children: b.children.map((c) => fixBlock(c, list)) };
    default: return b;
  }
}

const intoDoc = (spans: readonly Span[]): boolean => spans.some((s) => s.href?.startsWith(DEST_PREFIX));

/** Whether fixBlock would change the block: some span it reads links into the document. */
function linksIntoDoc(b: Block): boolean {
  switch (b.kind) {
    case 'heading': case 'paragraph': return intoDoc(b.spans);
    case 'list': return b.items.some((it) => intoDoc(it.spans) || it.children.some(linksIntoDoc));
    case 'table': return b.rows.some((row) => row.some((c) => intoDoc(c.spans)));
    case 'quote': return b.children.some(linksIntoDoc);
    default: return false;
  }
}

/** Resolves links into the document to heading anchors; the last stage, once headings and blocks are final. */
export const internalLinks: Stage = {
  name: 'internalLinks',
  run(doc) {
    // Most documents link nowhere inside themselves: no slugs to make, no block to copy.
    if (!doc.pages.some((p) => p.blocks.some(linksIntoDoc))) return doc;
    const list = anchors(doc);
    return { ...doc, pages: doc.pages.map((p) => ({ ...p, blocks: p.blocks.map((b) => fixBlock(b, list)) })) };
  },
};
