import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { isPlainText } from '../text/plain-text.ts';
import { usageOf } from './job-access.ts';
import { Job, JobFields } from './job-schema.ts';
import { toJobView } from './job-view.ts';
import { createJob } from './create-job.ts';
import { newJobFields } from './new-job.ts';

export const CreatedJob = Job.extend({
  created: z.boolean().describe('False when an earlier job with the same idempotency key was returned.'),
});

export const createJobFromUrl = defineOperation({
  name: 'create_job_from_url',
  title: 'Convert a PDF from a link',
  description:
    'Fetches the PDF at an http(s) link and queues its conversion to Markdown. A broken link or a non-PDF is refused at once.',
  scope: 'jobs:create',
  errors: ['slots_full', 'fetch_failed', 'not_a_pdf', 'too_large', 'idempotency_mismatch', 'not_in_plan', 'bad_input'],
  actors: ['api_key', 'device'],
  input: z.object({ url: z.url({ protocol: /^https?$/ }).max(2048).refine(isPlainText, { message: 'url must not contain control characters' }).describe('Link to a PDF.'), ...JobFields }),
  output: CreatedJob,
  async handler(ctx, { url, ...fields }) {
    const { row, created } = await createJob(ctx, { source: { kind: 'url', url }, ...newJobFields(fields) });
    return { ...toJobView(row, await usageOf(ctx), ctx.principal.tier), created };
  },
});
