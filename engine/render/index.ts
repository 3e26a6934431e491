/**
 * Document model → Markdown, through a handle map with one renderer per block
 * kind. Blocks are separated by blank lines.
 */
import type { Block, Doc } from '../model.ts';
import type { RenderContext, Renderers } from './context.ts';
import { renderCode } from './code.ts';
import { renderFootnote } from './footnote.ts';
import { renderHeading } from './heading.ts';
import { renderList } from './list.ts';
import { renderParagraph } from './paragraph.ts';
import { renderQuote } from './quote.ts';
import { renderRule } from './rule.ts';
import { renderTable } from './table.ts';
import { renderImage } from './image.ts';
import { markedPieces, pageMarker } from './page-markers.ts';

/** The renderer for every block kind. */
export const RENDERERS: Renderers = {
  heading: renderHeading,
  paragraph: renderParagraph,
  list: renderList,
  table: renderTable,
  code: renderCode,
  quote: renderQuote,
  rule: renderRule,
  image: renderImage,
  footnote: renderFootnote,
};

function renderBlock(b: Block, ctx: RenderContext): string {
  const fn = RENDERERS[b.kind] as (b: Block, ctx: RenderContext) => string;
  return fn(b, ctx);
}

const context: RenderContext = {
  renderBlocks: (blocks) => blocks.map((b) => renderBlock(b, context)).filter((s) => s.trim() !== '').join('\n\n'),
};

/** Renders a list of blocks as Markdown. */
export function renderBlocks(blocks: Block[]): string {
  return context.renderBlocks(blocks);
}

/** How the whole document is rendered. */
export type RenderOptions = { pageMarkers?: boolean };

/** Renders the whole document, pages in order, ending with one newline; with pageMarkers, each page's marker before its first block. */
export function renderDoc(doc: Doc, opts: RenderOptions = {}): string {
  if (opts.pageMarkers) {
    const parts = markedPieces(doc).map((p) => ('marker' in p ? pageMarker(p.marker) : renderBlock(p, context)));
    return parts.filter((s) => s.trim() !== '').join('\n\n') + '\n';
  }
  const md = renderBlocks(doc.pages.flatMap((p) => p.blocks));
  return md ? md + '\n' : '';
}
