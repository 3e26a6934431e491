/**
 * images: files. Each page's pictures become image blocks among its blocks,
 * in order of where they start on the page, named `images/p<page>-<k>.png`
 * (k counts the page's pictures from 1). Their alt text is the tagged
 * Figure's own /Alt where the structure tree was trusted, else a caption
 * beside them, else a plain description.
 */
import type { Block, Box, Doc, Page } from './model.ts';
import type { PagePicture } from './extract/page-pictures.ts';
import type { ExtractedImage } from './types.ts';

/** A caption names itself: "Figure 3", "Fig. 2:", "Abbildung 4", "Image 1", "Chart 2", "Plate IV". */
const CAPTION = /^(?:fig(?:ure)?|abb(?:ildung)?|image|illustration|chart|photo|plate|graph|map|diagram|exhibit)\.?\s*[\dIVXivx]+/i;
/** A caption sits this close to its picture (points): a few lines of body text. */
const CAPTION_GAP = 40;
/** Longest alt text kept, in characters. */
const MAX_ALT = 200;

function blockText(b: Block): string {
  return 'spans' in b ? b.spans.map((s) => s.text).join('').replace(/\s+/g, ' ').trim() : '';
}

/** The caption of a picture at `box`: the nearest captioning paragraph just below it, else just above. */
function captionOf(blocks: readonly Block[], box: Box): string | null {
  const near = blocks
    .filter((b) => b.kind === 'paragraph' && CAPTION.test(blockText(b)))
    .map((b) => ({ b, gap: b.prov.box.y0 >= box.y1 - 2 ? b.prov.box.y0 - box.y1 : box.y0 - b.prov.box.y1 + 0.5 }))
    .filter((c) => c.gap >= -2 && c.gap <= CAPTION_GAP)
    .sort((a, b) => a.gap - b.gap);
  const text = near[0] ? blockText(near[0].b) : null;
  return text ? text.slice(0, MAX_ALT) : null;
}

/** The alt text of the tagged Figure a picture is painted in, if the page has one. */
function figureAlt(page: Page, pic: PagePicture): string | null {
  if (pic.mcid === undefined) return null;
  return page.figureAlts?.find((f) => f.mcid === pic.mcid)?.alt.slice(0, MAX_ALT) ?? null;
}

function withPictures(page: Page, pictures: readonly PagePicture[], images: ExtractedImage[]): Page {
  const sorted = [...pictures].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
  const blocks = [...page.blocks];
  sorted.forEach((pic, i) => {
    const name = `images/p${page.number}-${i + 1}.png`;
    const alt = figureAlt(page, pic) ?? captionOf(page.blocks, pic.box) ?? `Picture ${i + 1} on page ${page.number}`;
    images.push({ name, page: page.number, png: pic.png, alt });
    const block: Block = { kind: 'image', name, alt, prov: { page: page.number, box: pic.box } };
    // Before the first block of this page that starts below the picture's top; blocks carried over from another page stay first.
    const at = blocks.findIndex((b) => b.prov.page === page.number && b.kind !== 'image' && b.prov.box.y0 > pic.box.y0);
    blocks.splice(at < 0 ? blocks.length : at, 0, block);
  });
  return { ...page, blocks };
}

/** The document with its pictures placed, and the pictures to write out in Markdown order. */
export function placePictures(doc: Doc, byPage: ReadonlyMap<number, readonly PagePicture[]>): { doc: Doc; images: ExtractedImage[] } {
  const images: ExtractedImage[] = [];
  const pages = doc.pages.map((p) => {
    const pics = byPage.get(p.number);
    return pics && pics.length ? withPictures(p, pics, images) : p;
  });
  return { doc: { ...doc, pages }, images };
}
