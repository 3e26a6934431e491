import type { Response } from 'express';
import type { Job } from '../../core/jobs/job-schema.ts';

/** 201 with Location for a new job, 200 for the earlier job an Idempotency-Key names; `created` stays internal. */
export function replyCreated(res: Response, { created, ...job }: Job & { created: boolean }): void {
  if (created) res.status(201).location(`/api/v2/jobs/${job.job_id}`);
  res.json(job);
}
