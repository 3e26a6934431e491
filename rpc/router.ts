/**
 * The internal jobs API over tRPC: one procedure per core operation. The
 * Markdown comes back as a string (JSON cannot stream), read by core under
 * the caller's inline cap as for the MCP tool; bigger results are for the
 * REST download.
 */
import {
  createApiKeyOperation,
  listApiKeysOperation,
  revokeApiKeyOperation,
  createJobBatch,
  createJobFromUpload,
  createJobFromUrl,
  deleteJob,
  getJob,
  getLimits,
  getMarkdown,
  listJobs,
  getMe,
  getUsage,
} from '../core/operations.ts';
import { Base64UploadInput } from '../core/jobs/create-job-from-upload.ts';
import { readInlineMarkdown } from '../core/jobs/read-inline-markdown.ts';
import { procedure } from './procedure.ts';
import { router } from './trpc.ts';
import { webhooksRouter } from './webhooks.ts';

export const jobsRouter = router({
  createFromUrl: procedure(createJobFromUrl).mutation(),
  // JSON cannot carry a file: the PDF comes as base64, which the operation's input turns into its BlobSource.
  createFromUpload: procedure(createJobFromUpload, { jsonInput: Base64UploadInput }).mutation(),
  list: procedure(listJobs).query(),
  get: procedure(getJob).query(),
  markdown: procedure(getMarkdown, {
    present: async (out, ctx) => ({
      job: out.job,
      file_name: out.file_name,
      content: await readInlineMarkdown(ctx, out),
      slot_usage: out.job.slot_usage,
      tier: out.job.tier,
    }),
  }).query(),
  delete: procedure(deleteJob).mutation(),
  limits: procedure(getLimits).query(),
  createBatch: procedure(createJobBatch).mutation(),
});

/** API keys of the caller's account: a session's (or a linked device's, on REST); an API key is refused (403). */
export const keysRouter = router({
  list: procedure(listApiKeysOperation).query(),
  create: procedure(createApiKeyOperation).mutation(),
  revoke: procedure(revokeApiKeyOperation).mutation(),
});

/** Reads of the caller's account. */
export const accountRouter = router({
  me: procedure(getMe).query(),
  usage: procedure(getUsage).query(),
});

export const appRouter = router({ jobs: jobsRouter, keys: keysRouter, webhooks: webhooksRouter, account: accountRouter });

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
  create_job_batch: 'jobs.createBatch',
} as const;

/** Which operation each keys procedure runs. */
export const KEY_RPC_PROCEDURES = {
  list_api_keys: 'keys.list',
  create_api_key: 'keys.create',
  revoke_api_key: 'keys.revoke',
} as const;

/** Which operation each account procedure runs. */
export const RPC_ACCOUNT_PROCEDURES = {
  get_me: 'account.me',
  get_usage: 'account.usage',
} as const;
