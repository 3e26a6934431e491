/**
 * GET /api/v2/jobs/{id}/download?format=zip: `document.md` and the pictures
 * under `images/`, as the Markdown links them, in one archive streamed as it
 * is written (zip-stream.ts). A job without pictures gives an archive with
 * document.md alone.
 */
import type { Response } from 'express';
import type { Services } from '../core/context.ts';
import { DomainError } from '../core/errors.ts';
import { openStoredResult } from '../core/jobs/get-markdown.ts';
import type { MarkdownOut } from './download.ts';
import { attachment } from './download.ts';
import { ZipWriter } from './zip-stream.ts';

export async function zipDownload(services: Pick<Services, 'blobs'>, res: Response, out: MarkdownOut): Promise<void> {
  // Both opened before any header is written, so a result removed meanwhile is still a clean 410.
  const markdown = await openStoredResult(services, out.result);
  const images = out.result.images;
  const bundle = images ? await services.blobs.read(images.key) : null;
  if (images && !bundle) {
    markdown.destroy();
    throw new DomainError('gone', 'The pictures are no longer stored.');
  }
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', attachment(out.file_name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const zip = new ZipWriter(res);
  try {
    await zip.addDeflated('document.md', markdown);
    for (const img of images?.items ?? []) await zip.addStored(img.name, bundle!.subarray(img.offset, img.offset + img.bytes));
    await zip.end();
    res.end();
  } catch (err) {
    markdown.destroy();
    // The client went away mid-download: nothing to answer, nothing to log as ours.
    if (!res.destroyed) res.destroy(err as Error);
  }
}
