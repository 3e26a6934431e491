import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { JobRow } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { findJob, usageOf } from './job-access.ts';
import { Job, JobId } from './job-schema.ts';
import { markdownFileName, toJobView } from './job-view.ts';

/** The result of a ready job, or the error that says why there is none. */
export async function openResult(ctx: Ctx, jobId: string): Promise<{ row: JobRow; stream: Readable }> {
  const row = await findJob(ctx, jobId);
  if (!row) throw new DomainError('not_found', `No job ${jobId}.`);
  if (row.deletedAt) throw new DomainError('gone', 'The job was deleted, and its Markdown with it.');
  if (row.status === 'expired') throw new DomainError('gone', 'The Markdown was deleted when its retention period ended.');
  if (row.status !== 'ready' || !row.outputKey) {
    throw new DomainError('not_ready', `The job is ${row.status}; the Markdown is available once it is ready.`);
  }
  const stream = await ctx.blobs.get(row.outputKey);
  if (!stream) throw new DomainError('gone', 'The Markdown is no longer stored.');
  return { row, stream };
}

export const getMarkdown = defineOperation({
  name: 'get_markdown',
  title: 'Download the Markdown',
  description: 'The Markdown of a ready job. Not ready yet: not_ready; deleted or past retention: gone.',
  scope: 'jobs:download',
  actors: ['api_key', 'session', 'device'],
  input: z.object({ job_id: JobId }),
  output: z.object({
    job: Job,
    file_name: z.string(),
    content: z.custom<Readable>((v) => typeof v === 'object' && v !== null, 'stream').describe('The Markdown, streamed.'),
  }),
  async handler(ctx, { job_id }) {
    const { row, stream } = await openResult(ctx, job_id);
    return { job: toJobView(row, await usageOf(ctx)), file_name: markdownFileName(row), content: stream };
  },
});
