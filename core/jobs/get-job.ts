import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { getOwnedJobWithUsage } from './job-access.ts';
import { entityTagMatches, jobEntityTag } from './job-etag.ts';
import { Job, JobId } from './job-schema.ts';
import { frozenJobView } from './job-view.ts';
import { readOrWait } from './wait-for-change.ts';

/** The schema's own bound on wait_seconds; the service cuts any wait to config.waits.maxSeconds (default 30). */
const WAIT_SECONDS_BOUND = 3600;

export const GetJobInput = z.object({
  job_id: JobId,
  if_none_match: z
    .string()
    .max(1024)
    .optional()
    .describe(
      'The entity tag of the job as you last read it (REST: the ETag header, sent back as If-None-Match). When it still names the job, the read costs a quarter of a call (REST answers 304) and a wait waits for a change from it.',
    ),
  wait_seconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(WAIT_SECONDS_BOUND)
    .optional()
    .describe(
      'Long poll: hold the answer up to this many seconds (cut to the service maximum, 30 by default) until the job changes (status, progress, result) from if_none_match, or without it from the job as read when the call arrived (a finished job answers at once). Costs half a call when it waited (a quarter when if_none_match still names the job at the end).',
    ),
});

export const getJob = defineOperation({
  name: 'get_job',
  title: 'Get a job',
  description: 'Status, progress and result details of one job; can wait for the next change (wait_seconds).',
  scope: 'jobs:read',
  errors: ['not_found'],
  actors: ['api_key', 'session', 'device'],
  input: GetJobInput,
  output: Job,
  // Only a conditional read or a wait can cost less than a call; a plain read has no effect at all.
  discounted: (input) => input.if_none_match !== undefined || Boolean(input.wait_seconds),
  readOnly: (input) => !input.wait_seconds,
  async handler(ctx, { job_id, if_none_match, wait_seconds }, bill) {
    const read = async () => {
      const { row, usage } = await getOwnedJobWithUsage(ctx, job_id);
      // Polled all the time: an unchanged job answers the same frozen view, validated once. The tier is the caller's live one.
      return frozenJobView(row, usage, ctx.principal.tier);
    };
    const { view, waited } = await readOrWait(ctx, { jobId: job_id, ifNoneMatch: if_none_match, waitSeconds: wait_seconds ?? 0 }, read);
    bill.cost = entityTagMatches(if_none_match, jobEntityTag(view)) ? 'not_modified' : waited ? 'long_poll' : 'full';
    return view;
  },
});
