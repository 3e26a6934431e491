/**
 * The one download responder of every lane: the stored Markdown streamed as
 * an attachment, never sniffable into HTML.
 */
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { Services } from '../core/context.ts';
import { openStoredResult, type StoredResult } from '../core/jobs/get-markdown.ts';

/** What get_markdown answers: a name for the file and a reference to the stored result. */
export type MarkdownOut = { file_name: string; result: StoredResult };

/** A reply writing 200 with the Markdown as an attachment named after the document. */
export function markdownDownload(services: Pick<Services, 'blobs'>) {
  return async (res: Response, out: MarkdownOut): Promise<void> => {
    // Opened before any header is written, so a result removed meanwhile is still a clean 410.
    const stream = await openStoredResult(services, out.result);
    res.status(200);
    res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
    res.setHeader('Content-Disposition', attachment(out.file_name));
    // Converted documents are untrusted text; never let a browser sniff them into HTML.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await pipeline(stream, res);
    } catch (err) {
      // The client went away mid-download: nothing to answer, nothing to log as ours.
      if (!res.destroyed) throw err;
    }
  };
}

/** RFC 6266: an ASCII fallback plus the exact name in RFC 8187 UTF-8 form. */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
