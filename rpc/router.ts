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
  listAccountDevices,
  unlinkAccountDevice,
} from '../core/operations.ts';
import { Base64UploadInput } from '../core/jobs/create-job-from-upload.ts';
import { MarkdownInput } from '../core/jobs/get-markdown.ts';
import { readMarkdownPart } from '../core/jobs/read-markdown-part.ts';
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
    jsonInput: MarkdownInput,
    present: async (out, ctx) => {
      // The part asked for (pages, max_chars, cursor), as for the MCP tool; pictures are listed, and fetched with the zip download.
      const part = await readMarkdownPart(ctx, { ...out, part: { ...out.part, include_images: false } });
      return {
        job: out.job,
        file_name: out.file_name,
        content: part.text,
        ...part.info,
        images: part.images,
        slot_usage: out.job.slot_usage,
        tier: out.job.tier,
      };
    },
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

/** The session's linked devices: list, and unlink one (its keys are revoked). */
export const devicesRouter = router({
  list: procedure(listAccountDevices).query(),
  unlink: procedure(unlinkAccountDevice).mutation(),
});

export const appRouter = router({ jobs: jobsRouter, keys: keysRouter, webhooks: webhooksRouter, account: accountRouter, devices: devicesRouter });

export type AppRouter = typeof appRouter;

type ProcedureDefs = Record<string, { _def: { type: string; meta?: { operation?: string } } }>;

/** Each operation's procedure path and kind, read from the router's own procedures (their `operation` meta). */
export function rpcProcedures(): ReadonlyMap<string, { path: string; type: 'query' | 'mutation' }> {
  const out = new Map<string, { path: string; type: 'query' | 'mutation' }>();
  for (const [path, proc] of Object.entries(appRouter._def.procedures as unknown as ProcedureDefs)) {
    const op = proc._def.meta?.operation;
    if (op) out.set(op, { path, type: proc._def.type === 'query' ? 'query' : 'mutation' });
  }
  return out;
}
