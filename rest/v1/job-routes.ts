/** GET /jobs, GET /jobs/:jobId, DELETE /jobs/:jobId, GET /jobs/:jobId/download. */
import type { Request, Response } from 'express';
import { transportLimits } from '../../core/transport-limits.ts';
import type { Services } from '../../core/context.ts';
import { deleteJob, getJob, getMarkdown, listJobs } from '../../core/operations.ts';
import { markdownDownload } from '../../http/download.ts';
import { restAdapter } from '../rest-handler.ts';
import { jobIdParam } from './job-id-param.ts';
import { toV1Job } from '../../core/jobs/v1-job.ts';

type DeleteOut = { job_id: string; status: string; deleted: boolean };

export function jobRoutes(services: Services) {
  const rest = restAdapter(services);
  const byId = jobIdInput;
  return {
    // How many recent jobs: the tier's recentJobsListed (3 unless configured).
    list: rest(listJobs, (req) => ({ limit: recentJobsOf(services, req) }), (res, out) => void res.json({ items: out.items.map(toV1Job) })),
    get: rest(getJob, byId, (res, out) => void res.json(toV1Job(out))),
    delete: rest(deleteJob, byId, replyDeleted),
    download: rest(getMarkdown, byId, markdownDownload(services)),
  };
}

function recentJobsOf(services: Services, req: Request): number {
  if (!req.principal) throw new Error('GET /jobs needs deviceAuth() before it');
  return transportLimits(services.config, req.principal.tier).recentJobsListed;
}

function jobIdInput(req: Parameters<typeof jobIdParam>[0]) {
  return { job_id: jobIdParam(req) };
}

function replyDeleted(res: Response, out: DeleteOut): void {
  res.json(
    out.deleted
      ? { job_id: out.job_id, status: 'deleted', message: 'The job and its Markdown were deleted.' }
      : { job_id: out.job_id, status: out.status, message: 'The job was canceled and its slot freed.' },
  );
}
