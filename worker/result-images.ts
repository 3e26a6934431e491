/**
 * Fits a conversion's pictures into the tier's result size: PNGs are kept in
 * Markdown order while the Markdown and the pictures so far stay within the
 * cap; a picture past it is left out, and its link in the Markdown becomes a
 * comment that says so (never a link to a file the zip does not hold).
 */
import type { StoredImage } from '../core/jobs/result-images.ts';
import type { ExtractedImage } from '../engine/index.ts';

export type PackedImages = { markdown: string; bundle: Buffer | null; index: StoredImage[]; omitted: number };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pictures that fit in `capBytes` together with the Markdown, packed one after another. */
export function packImages(markdown: string, images: readonly ExtractedImage[], capBytes: number): PackedImages {
  let room = capBytes - Buffer.byteLength(markdown, 'utf8');
  const kept: ExtractedImage[] = [];
  const left: ExtractedImage[] = [];
  for (const img of images) {
    if (img.png.byteLength <= room) {
      kept.push(img);
      room -= img.png.byteLength;
    } else left.push(img);
  }
  let md = markdown;
  for (const img of left) {
    const link = new RegExp(`!\\[[^\\]\\n]*\\]\\(${escapeRe(img.name)}\\)`, 'g');
    md = md.replace(link, `<!-- ${img.name} left out: over the result size limit -->`);
  }
  let offset = 0;
  const index = kept.map((img) => {
    const entry = { name: img.name, page: img.page, alt: img.alt, offset, bytes: img.png.byteLength };
    offset += img.png.byteLength;
    return entry;
  });
  const bundle = kept.length ? Buffer.concat(kept.map((i) => Buffer.from(i.png.buffer, i.png.byteOffset, i.png.byteLength))) : null;
  return { markdown: md, bundle, index, omitted: left.length };
}
