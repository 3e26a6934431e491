/** How the v1 job routes translate: GET /jobs, GET /jobs/:jobId, DELETE /jobs/:jobId, GET /jobs/:jobId/download. */
import type { Request, Response } from 'express';
import { transportLimits } from '../../core/transport-limits.ts';
import type { Services } from '../../core/context.ts';
import type { Job } from '../../core/jobs/job-schema.ts';
import { jobIdParam } from './job-id-param.ts';
import { toV1Job } from '../../core/jobs/v1-job.ts';

type DeleteOut = { job_id: string; status: string; deleted: boolean };

export function recentJobsOf(services: Services, req: Request): number {
  if (!req.principal) throw new Error('GET /jobs needs deviceAuth() before it');
  return transportLimits(services.config, req.principal.tier).recentJobsListed;
}

export function jobIdInput(req: Request) {
  return { job_id: jobIdParam(req) };
}

export const replyV1Job = (res: Response, out: Job): void => void res.json(toV1Job(out));

export const replyV1List = (res: Response, out: { items: Job[] }): void => void res.json({ items: out.items.map(toV1Job) });

export function replyDeleted(res: Response, out: DeleteOut): void {
  res.json(
    out.deleted
      ? { job_id: out.job_id, status: 'deleted', message: 'The job and its Markdown were deleted.' }
      : { job_id: out.job_id, status: out.status, message: 'The job was canceled and its slot freed.' },
  );
}
