/**
 * The internal jobs API over tRPC: one procedure per core operation. The
 * Markdown comes back as a string (JSON cannot stream), under the same cap
 * as the MCP tool; bigger results are for the REST download.
 */
import {
  createJobFromUpload,
  createJobFromUrl,
  deleteJob,
  getJob,
  getLimits,
  getMarkdown,
  listJobs,
} from '../core/operations.ts';
import { readMarkdown } from '../core/jobs/read-inline-markdown.ts';
import { transportLimits } from '../core/transport-limits.ts';
import { procedure } from './procedure.ts';
import { router } from './trpc.ts';

export const jobsRouter = router({
  createFromUrl: procedure(createJobFromUrl).mutation(),
  createFromUpload: procedure(createJobFromUpload).mutation(),
  list: procedure(listJobs).query(),
  get: procedure(getJob).query(),
  markdown: procedure(getMarkdown, async ({ job, file_name, content }, ctx) => ({
    job,
    file_name,
    content: await readMarkdown(
      content,
      job.download_url ?? `/api/v2/jobs/${job.job_id}/download`,
      transportLimits(ctx.config, ctx.principal.tier).inlineMarkdownBytes,
    ),
    slot_usage: job.slot_usage,
    tier: job.tier,
  })).query(),
  delete: procedure(deleteJob).mutation(),
  limits: procedure(getLimits).query(),
});

export const appRouter = router({ jobs: jobsRouter });

export type AppRouter = typeof appRouter;

/** Which operation each jobs procedure runs (checked by the transport coverage test). */
export const RPC_PROCEDURES = {
  create_job_from_url: 'jobs.createFromUrl',
  create_job_from_upload: 'jobs.createFromUpload',
  list_jobs: 'jobs.list',
  get_job: 'jobs.get',
  get_markdown: 'jobs.markdown',
  delete_job: 'jobs.delete',
  get_limits: 'jobs.limits',
} as const;
