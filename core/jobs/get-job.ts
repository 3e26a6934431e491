import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { getOwnedJobWithUsage } from './job-access.ts';
import { Job, JobId } from './job-schema.ts';
import { frozenJobView } from './job-view.ts';

export const getJob = defineOperation({
  name: 'get_job',
  title: 'Get a job',
  description: 'Status, progress and result details of one job.',
  scope: 'jobs:read',
  errors: ['not_found'],
  actors: ['api_key', 'session', 'device'],
  input: z.object({ job_id: JobId }),
  output: Job,
  async handler(ctx, { job_id }) {
    const { row, usage } = await getOwnedJobWithUsage(ctx, job_id);
    // Polled all the time: an unchanged job answers the same frozen view, validated once. The tier is the caller's live one.
    return frozenJobView(row, usage, ctx.principal.tier);
  },
});
