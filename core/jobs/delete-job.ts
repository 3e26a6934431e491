/**
 * Delete or cancel, exactly as the state table says: an active job is
 * canceled and its input deleted; a finished one is removed with its
 * Markdown. A tombstone remains so that a repeated DELETE answers the same
 * and a later download says 410 rather than 404. Both fire job.deleted
 * (core/webhooks/webhook-events.ts), written with the change itself.
 */
import { z } from 'zod';
import type { JobRow } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { findJob, usageOf } from './job-access.ts';
import { Job, JobId } from './job-schema.ts';
import { toJobView } from './job-view.ts';
import { cancelJob } from './sql/cancel-job.ts';
import { removeJob } from './sql/remove-job.ts';
import { jobBlobPrefix } from './job-blob-keys.ts';

export const DeletedJob = Job.extend({
  deleted: z.boolean().describe('True when the record and its Markdown were removed; false when an active job was canceled.'),
});

/** Cancels or removes the caller's job; idempotent. */
export async function deleteOwnedJob(ctx: Ctx, jobId: string): Promise<JobRow> {
  const row = await findJob(ctx, jobId);
  if (!row) throw new DomainError('not_found', `No job ${jobId}.`);
  if (row.deletedAt || row.status === 'canceled') return row;
  const canceled = await cancelJob(ctx.db, row.id);
  if (canceled.queued > 0) ctx.wake('webhooks');
  if (canceled.changed) {
    ctx.jobChanged(row.id);
    // The whole prefix: also a result an earlier attempt wrote before its worker died.
    await ctx.blobs.deletePrefix(jobBlobPrefix(row.id));
    return (await findJob(ctx, jobId))!;
  }
  // Finished meanwhile (or already): remove the result, keep a tombstone.
  if ((await removeJob(ctx.db, row.id)).queued > 0) ctx.wake('webhooks');
  ctx.jobChanged(row.id);
  // Read back through findJob: a result past its retention answers as expired, not ready.
  const current = (await findJob(ctx, jobId))!;
  // Every blob of the job, not only those the row named: a dead attempt's result too.
  await ctx.blobs.deletePrefix(jobBlobPrefix(row.id));
  return current;
}

export const deleteJob = defineOperation({
  name: 'delete_job',
  title: 'Delete or cancel a job',
  description:
    'A queued or processing job is canceled (its slot is freed, its input deleted); a ready or failed job is removed with its Markdown. Repeating it gives the same answer.',
  scope: 'jobs:delete',
  errors: ['not_found'],
  actors: ['api_key', 'session', 'device'],
  input: z.object({ job_id: JobId }),
  output: DeletedJob,
  async handler(ctx, { job_id }) {
    const row = await deleteOwnedJob(ctx, job_id);
    return { ...toJobView(row, await usageOf(ctx), ctx.principal.tier), deleted: row.deletedAt !== null };
  },
});
