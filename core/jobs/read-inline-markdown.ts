/**
 * JSON lanes (MCP, tRPC) cannot stream, so they read a stored result into a
 * string, up to the caller's inline cap; a bigger result is refused with
 * too_large and a pointer to the REST download. A result whose recorded
 * size is over the cap is refused without being opened.
 */
import { downloadPath } from './download-path.ts';
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { transportLimits } from '../transport-limits.ts';
import { openStoredResult, type StoredResult } from './get-markdown.ts';

/** The most Markdown the caller may receive inline, in bytes: the tier's inlineMarkdownBytes. */
export function inlineCapOf(ctx: Pick<Ctx, 'config' | 'principal'>): number {
  return transportLimits(ctx.config, ctx.principal.tier).inlineMarkdownBytes;
}

/** get_markdown's result as text, under the caller's inline cap. */
export async function readInlineMarkdown(
  ctx: Pick<Ctx, 'config' | 'blobs' | 'principal'>,
  out: { job: { job_id: string; download_url?: string | undefined }; result: StoredResult },
): Promise<string> {
  const maxBytes = inlineCapOf(ctx);
  const tooLarge = () => {
    const url = out.job.download_url ?? downloadPath(out.job.job_id);
    return new DomainError(
      'too_large',
      `The Markdown is larger than ${maxBytes} bytes, too big to return inline; download it from ${url}.`,
    );
  };
  if (out.result.bytes !== null && out.result.bytes > maxBytes) throw tooLarge();
  const stream = await openStoredResult(ctx, out.result);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buf.length;
      // The recorded size is a hint; the bytes read are what the cap is held to.
      if (size > maxBytes) throw tooLarge();
      chunks.push(buf);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}
