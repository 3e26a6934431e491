/**
 * JSON transports (MCP, tRPC) cannot stream, so get_markdown's stream is read
 * into a string, up to the tier's cap (inlineMarkdownBytes, core/tiers.ts); bigger results are
 * left to the REST download.
 */
import type { Readable } from 'node:stream';
import { DomainError } from '../errors.ts';

export async function readMarkdown(
  stream: Readable,
  downloadUrl: string,
  maxBytes: number,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buf.length;
      if (size > maxBytes) {
        throw new DomainError(
          'too_large',
          `The Markdown is larger than ${maxBytes} bytes, too big to return inline; download it from ${downloadUrl}.`,
        );
      }
      chunks.push(buf);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}
