import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { JobRow } from '../../db/schema.ts';
import type { Ctx, Services } from '../context.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { findJob, usageOf } from './job-access.ts';
import { Job, JobId } from './job-schema.ts';
import { markdownFileName, toJobView } from './job-view.ts';
import { imagesKeyOf, StoredImage, storedImages } from './result-images.ts';
import { PartInput } from './markdown-part.ts';

/**
 * Where a ready job's Markdown is stored. get_markdown answers with this
 * reference, not the bytes: core reads it inline under the caller's cap for
 * JSON lanes (read-inline-markdown.ts) or opens it as a stream for the REST
 * download (openStoredResult).
 */
export const StoredResult = z.object({
  key: z.string().describe('Blob key of the Markdown.'),
  bytes: z.number().int().nullable().describe('Size in bytes, when recorded.'),
  images: z
    .object({ key: z.string(), items: z.array(StoredImage) })
    .nullable()
    .describe('The pictures (images: files): the blob holding them and where each PNG sits in it; null without.'),
});
export type StoredResult = z.infer<typeof StoredResult>;

/** The row of a ready job, or the error that says why there is no result. */
async function readyJob(ctx: Ctx, jobId: string): Promise<JobRow & { outputKey: string }> {
  const row = await findJob(ctx, jobId);
  if (!row) throw new DomainError('not_found', `No job ${jobId}.`);
  if (row.deletedAt) throw new DomainError('gone', 'The job was deleted, and its Markdown with it.');
  if (row.status === 'expired') throw new DomainError('gone', 'The Markdown was deleted when its retention period ended.');
  if (row.status !== 'ready' || !row.outputKey) {
    throw new DomainError('not_ready', `The job is ${row.status}; the Markdown is available once it is ready.`);
  }
  return { ...row, outputKey: row.outputKey };
}

/** The stored Markdown as a stream; gone when the blob has been removed since the job was read. */
export async function openStoredResult(services: Pick<Services, 'blobs'>, ref: StoredResult): Promise<Readable> {
  const stream = await services.blobs.get(ref.key);
  if (!stream) throw new DomainError('gone', 'The Markdown is no longer stored.');
  return stream;
}

export const DownloadFormat = z.enum(['markdown', 'zip']);

/** What JSON lanes (MCP, tRPC) send: the job, a part of its Markdown if wanted, and whether to include the pictures. */
export const MarkdownInput = z.object({
  job_id: JobId,
  ...PartInput,
  include_images: z.boolean().default(true).describe('Return the pictures the part links as image content (MCP), up to max_inline_images_size.'),
});

export const getMarkdown = defineOperation({
  name: 'get_markdown',
  title: 'Download the Markdown',
  description:
    'The Markdown of a ready job. Not ready yet: not_ready; deleted or past retention: gone. ' +
    'A long document can be read in parts: from_page/to_page (with page_markers) or max_chars with next_cursor; the answer says how many pages and characters remain. ' +
    'Pictures of a job created with images: files come as image content, up to max_inline_images_size (get_limits).',
  scope: 'jobs:download',
  errors: ['not_found', 'not_ready', 'gone'],
  actors: ['api_key', 'session', 'device'],
  input: MarkdownInput.extend({
    format: DownloadFormat.default('markdown').describe('REST download only: `zip` gives document.md and images/… in one archive.'),
  }),
  output: z.object({ job: Job, file_name: z.string(), format: DownloadFormat, part: z.object({ ...PartInput, include_images: z.boolean() }), result: StoredResult }),
  async handler(ctx, { job_id, format, ...part }) {
    const row = await readyJob(ctx, job_id);
    const items = storedImages(row.settings);
    return {
      job: toJobView(row, await usageOf(ctx), ctx.principal.tier),
      file_name: format === 'zip' ? markdownFileName(row).replace(/\.md$/, '.zip') : markdownFileName(row),
      format,
      part,
      result: { key: row.outputKey, bytes: row.outputSize, images: items.length ? { key: imagesKeyOf(row.outputKey), items } : null },
    };
  },
});
