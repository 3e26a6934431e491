/**
 * The one download responder of every lane: the stored Markdown streamed as
 * an attachment, never sniffable into HTML.
 */
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { Services } from '../core/context.ts';
import { DomainError } from '../core/errors.ts';
import { openStoredResult, type StoredResult } from '../core/jobs/get-markdown.ts';
import { zipDownload } from './zip-download.ts';

/** What get_markdown answers: a name for the file, the format asked for and a reference to the stored result. */
export type MarkdownOut = { file_name: string; format?: 'markdown' | 'zip'; result: StoredResult };

/** A reply writing 200 with the Markdown (or with format zip, the Markdown and its pictures) as an attachment named after the document. */
export function markdownDownload(services: Pick<Services, 'blobs'>) {
  return async (res: Response, out: MarkdownOut): Promise<void> => {
    if (out.format === 'zip') return zipDownload(services, res, out);
    const as = { contentType: 'text/markdown; charset=utf-8', contentDisposition: attachment(out.file_name) };
    // P2M_BLOB_PRESIGN: the client fetches the bytes from the object store itself (README "Scaling out").
    const url = await services.blobs.downloadUrl(out.result.key, as);
    if (url === null) throw new DomainError('gone', 'The Markdown is no longer stored.');
    if (url !== undefined) {
      res.setHeader('Cache-Control', 'no-store');
      return res.redirect(302, url);
    }
    // Opened before any header is written, so a result removed meanwhile is still a clean 410.
    const stream = await openStoredResult(services, out.result);
    res.status(200);
    res.setHeader('Content-Type', as.contentType);
    res.setHeader('Content-Disposition', as.contentDisposition);
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
