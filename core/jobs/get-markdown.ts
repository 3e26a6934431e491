import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { JobRow } from '../../db/schema.ts';
import type { Ctx, Services } from '../context.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { findJob, usageOf } from './job-access.ts';
import { Job, JobId } from './job-schema.ts';
import { markdownFileName, toJobView } from './job-view.ts';

/**
 * Where a ready job's Markdown is stored. get_markdown answers with this
 * reference, not the bytes: core reads it inline under the caller's cap for
 * JSON lanes (read-inline-markdown.ts) or opens it as a stream for the REST
 * download (openStoredResult).
 */
export const StoredResult = z.object({
  key: z.string().describe('Blob key of the Markdown.'),
  bytes: z.number().int().nullable().describe('Size in bytes, when recorded.'),
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

export const getMarkdown = defineOperation({
  name: 'get_markdown',
  title: 'Download the Markdown',
  description: 'The Markdown of a ready job. Not ready yet: not_ready; deleted or past retention: gone.',
  scope: 'jobs:download',
  errors: ['not_found', 'not_ready', 'gone'],
  actors: ['api_key', 'session', 'device'],
  input: z.object({ job_id: JobId }),
  output: z.object({ job: Job, file_name: z.string(), result: StoredResult }),
  async handler(ctx, { job_id }) {
    const row = await readyJob(ctx, job_id);
    return {
      job: toJobView(row, await usageOf(ctx), ctx.principal.tier),
      file_name: markdownFileName(row),
      result: { key: row.outputKey, bytes: row.outputSize },
    };
  },
});
