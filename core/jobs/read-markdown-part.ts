/**
 * get_markdown for the JSON lanes (MCP, tRPC): the part of the Markdown the
 * call asked for (markdown-part.ts), under the caller's inline cap, and the
 * pictures that part links, up to the tier's inlineImageBytes. Without a part
 * the whole Markdown is read as before (readInlineMarkdown); with one, the
 * stored Markdown is read whole (a result is bounded by the tier's
 * resultBytes) and only the part must fit the inline cap.
 */
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { openStoredResult, type StoredResult } from './get-markdown.ts';
import { markdownPart, PartInfo, type PartRequest } from './markdown-part.ts';
import { inlineCapOf, readInlineMarkdown } from './read-inline-markdown.ts';

/** A picture of the part: what it is, and whether its PNG came inline (else it did not fit the image cap). */
export const PartImage = z.object({
  name: z.string(),
  page: z.number().int(),
  alt: z.string(),
  bytes: z.number().int(),
  inline: z.boolean().describe('True when the PNG is in this answer as image content; false when it did not fit max_inline_images_size (download the zip).'),
});

export type MarkdownPart = { text: string; info: PartInfo; images: z.infer<typeof PartImage>[]; png: Map<string, Buffer> };

type Out = { job: { job_id: string; download_url?: string | undefined }; part: PartRequest & { include_images: boolean }; result: StoredResult };

async function readAll(ctx: Pick<Ctx, 'blobs'>, ref: { key: string }): Promise<Buffer> {
  const stream = await openStoredResult(ctx, { key: ref.key, bytes: null, images: null });
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

const wantsPart = (p: PartRequest) => p.from_page !== undefined || p.to_page !== undefined || p.max_chars !== undefined || p.cursor !== undefined;

/** The pictures `text` links, with the PNGs that fit the caller's image cap. */
async function partImages(ctx: Pick<Ctx, 'config' | 'blobs' | 'principal'>, out: Out, text: string): Promise<Pick<MarkdownPart, 'images' | 'png'>> {
  const stored = out.result.images;
  const linked = stored ? stored.items.filter((i) => text.includes(`](${i.name})`)) : [];
  const png = new Map<string, Buffer>();
  if (!stored || linked.length === 0) return { images: [], png };
  let room = out.part.include_images ? ctx.config.tiers[ctx.principal.tier].inlineImageBytes : 0;
  const fits = linked.filter((i) => (i.bytes <= room ? ((room -= i.bytes), true) : false));
  if (fits.length) {
    const bundle = await ctx.blobs.read(stored.key);
    if (!bundle) throw new DomainError('gone', 'The pictures are no longer stored.');
    for (const i of fits) png.set(i.name, bundle.subarray(i.offset, i.offset + i.bytes));
  }
  return { images: linked.map(({ name, page, alt, bytes }) => ({ name, page, alt, bytes, inline: png.has(name) })), png };
}

/** The part of a ready job's Markdown a JSON call asked for, with its pictures. */
export async function readMarkdownPart(ctx: Pick<Ctx, 'config' | 'blobs' | 'principal'>, out: Out): Promise<MarkdownPart> {
  const cap = inlineCapOf(ctx);
  let text: string;
  let info: PartInfo;
  if (!wantsPart(out.part)) {
    text = await readInlineMarkdown(ctx, out);
    info = markdownPart(text, {}).info;
  } else {
    const resultCap = ctx.config.tiers[ctx.principal.tier].resultBytes;
    if (out.result.bytes !== null && out.result.bytes > resultCap) throw new DomainError('too_large', 'The Markdown is larger than this plan\'s result size; download it.');
    ({ text, info } = markdownPart((await readAll(ctx, out.result)).toString('utf8'), out.part));
    if (Buffer.byteLength(text, 'utf8') > cap) {
      throw new DomainError('too_large', `This part is larger than ${cap} bytes, too big to return inline; ask for fewer pages or a smaller max_chars.`);
    }
  }
  return { text, info, ...(await partImages(ctx, out, text)) };
}
