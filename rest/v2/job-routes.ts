/**
 * The /api/v2/jobs routes and /api/v2/limits, one record each. Request and
 * response schemas are the operations' own (inputs as the wire sees them,
 * outputs as sent), so the documents and the validation cannot drift apart.
 * Authentication, and for creation a caller already out of budget, are
 * refused before any body is read.
 */
import { DOWNLOAD_ROUTE } from '../../core/jobs/download-path.ts';
import type { Request } from 'express';
import { z } from 'zod';
import { Base64UploadInput } from '../../core/jobs/create-job-from-upload.ts';
import { GetJobInput } from '../../core/jobs/get-job.ts';
import { MarkdownInput } from '../../core/jobs/get-markdown.ts';
import { CALL_COST_UNITS, UNITS_PER_CALL } from '../../core/ratelimit/call-cost.ts';
import { JobFields } from '../../core/jobs/job-schema.ts';
import { createJobFromUpload, createJobFromUrl, deleteJob, getJob, getLimits, getMarkdown, listJobs } from '../../core/operations.ts';
import { markdownDownload } from '../../http/download.ts';
import { jsonBody } from '../../http/json-body.ts';
import { RATE_NOTE, READ_ONLY } from '../../http/mcp-binding.ts';
import { IdempotencyKeyHeader, JobIdParam, NAMED_SCHEMAS } from '../../http/openapi-components.ts';
import { rateGate } from '../../http/rate-gate.ts';
import type { Route } from '../../http/route.ts';
import { defineHandlerRoute, defineRoute } from '../define-route.ts';
import { KEY_OR_SESSION } from '../route-auth.ts';
import { jsonInput, multipartInput, pickCreate } from './create-job-input.ts';
import { markdownInline, replyCreated, replyJob } from './replies.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const byId = { requestParams: { path: z.object({ jobId: JobIdParam }) } };
const jobIdOf = (req: Request) => ({ job_id: req.params.jobId });

/** multipart/form-data job creation: the job fields first, then the PDF in the part named `file`. */
export const MultipartUpload = z
  .object({
    ...JobFields,
    options: z.string().optional().describe('The conversion options as one JSON object, e.g. {"page_markers": true, "images": "files"} (see JobOptions).'),
    file: z.file().mime('application/pdf').describe('The PDF.'),
  })
  .describe(
    "Metadata fields first, then the part named `file`: the file is streamed into storage as it arrives, so fields after it are ignored. `tags` may be repeated. Over the tier's byte cap: 413.",
  );

export const createJobRoute = defineHandlerRoute({
  method: 'post',
  path: '/api/v2/jobs',
  auth: 'ApiKey',
  operations: [createJobFromUrl, createJobFromUpload],
  statuses: [400, 401, 403, 409, 413, 422, 429],
  // Largest JSON body: the tier's jsonBodyBytes (base64 uploads beyond it go multipart).
  before: (rt) => [rateGate(rt), jsonBody(rt)],
  // JSON cannot carry a file: over tRPC the PDF comes as base64, which the operation's input turns into its BlobSource.
  rpc: { 'jobs.createFromUrl': { operation: createJobFromUrl }, 'jobs.createFromUpload': { operation: createJobFromUpload, jsonInput: Base64UploadInput } },
  mcp: [
    {
      operation: createJobFromUrl,
      hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      guide: `Use when the PDF is reachable by an https link. Takes one slot until the job ends or is deleted (slots_full when none is free). ${RATE_NOTE} Next: poll pdf_to_markdown_get_job until status is ready or error, then pdf_to_markdown_get_markdown.`,
    },
    {
      operation: createJobFromUpload,
      // MCP is JSON too: the upload arrives as base64 text.
      jsonInput: Base64UploadInput,
      hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      guide: `Use when you hold the PDF's bytes (base64, up to max_json_body_size). Takes one slot until the job ends or is deleted. ${RATE_NOTE} Next: poll pdf_to_markdown_get_job until status is ready or error, then pdf_to_markdown_get_markdown.`,
    },
  ],
  handler: (rt, rest) =>
    pickCreate({
      fromUrl: rest(createJobFromUrl, jsonInput, replyCreated),
      fromBase64: rest(createJobFromUpload, jsonInput, replyCreated),
      fromMultipart: rest(createJobFromUpload, multipartInput(rt), replyCreated),
    }),
  openapi: {
    operationId: 'create_job',
    summary: 'Create a conversion job',
    description: `${createJobFromUrl.description} Or send the PDF itself: ${createJobFromUpload.description}\n\nRequires an API key with the scope \`jobs:create\`.`,
    tag: 'jobs',
    success: 201,
    ok: {
      description: 'Created. Location names the job.',
      headers: z.object({ Location: z.string().meta({ description: 'Path of the new job.' }) }),
      content: json(NAMED_SCHEMAS.Job),
    },
    alsoOk: { 200: { description: 'The job created earlier with the same Idempotency-Key.', content: json(NAMED_SCHEMAS.Job) } },
    request: {
      requestParams: { header: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
      requestBody: {
        required: true,
        content: {
          ...json(z.union([createJobFromUrl.input, Base64UploadInput])),
          'multipart/form-data': { schema: MultipartUpload, encoding: { file: { contentType: 'application/pdf' } } },
        },
      },
    },
    reduced: true,
  },
});

const quarters = (units: number) => `${units}/${UNITS_PER_CALL} call`;
/** What a poll costs and how to poll, from core's cost table. */
const POLLING =
  `Polling: send the ETag back as If-None-Match; while the job's own state is unchanged the answer is 304 with no body and costs ${quarters(CALL_COST_UNITS.not_modified)} ` +
  `of the rate budget instead of 1. Poll each job at most once a second. Or long poll: \`?wait=N\` holds the answer up to N seconds (at most the ` +
  `service's maximum, 30 by default) until the job changes, then answers 200 at once (${quarters(CALL_COST_UNITS.long_poll)}); if it did not change, 304 ` +
  `when If-None-Match was sent (${quarters(CALL_COST_UNITS.not_modified)}), else the same job (${quarters(CALL_COST_UNITS.long_poll)}). Without If-None-Match a finished job answers at once. ` +
  `When the service already holds its maximum of waiting requests, a wait answers at once.`;

const download = {
  description: 'The Markdown, streamed; with format=zip, a ZIP archive of document.md and the pictures under images/ (jobs created with images: files).',
  headers: z.object({ 'Content-Disposition': z.string().meta({ description: 'attachment; filename="..."; filename*=UTF-8\'\'...' }) }),
  content: {
    'text/markdown; charset=utf-8': { schema: z.string() },
    'application/zip': { schema: z.string().meta({ format: 'binary' }) },
  },
};

/** The v2 job routes, creation first (batch creation is in batch-route.ts). */
export const JOB_ROUTES = [
  createJobRoute,
  defineRoute({
    method: 'get', path: '/api/v2/jobs', auth: KEY_OR_SESSION, operation: listJobs, statuses: [400, 401, 403, 429],
    mapRequest: (req) => ({ status: req.query.status, limit: req.query.limit, cursor: req.query.cursor }), rpc: 'jobs.list',
    mcp: {
      hints: READ_ONLY,
      guide: `Use to find your jobs (newest first, filter by status, page with cursor). Takes no slot. ${RATE_NOTE} Next: pdf_to_markdown_get_job or pdf_to_markdown_get_markdown for a job.`,
    },
    openapi: {
      operationId: 'list_jobs', tag: 'jobs', success: 200, ok: { description: 'A page of jobs.', content: json(listJobs.output) },
      request: { requestParams: { query: listJobs.input } },
    },
  }),
  defineRoute({
    method: 'get', path: '/api/v2/jobs/{jobId}', auth: KEY_OR_SESSION, operation: getJob, statuses: [400, 401, 403, 404, 429],
    mapRequest: (req) => ({ job_id: req.params.jobId, if_none_match: req.headers['if-none-match'], wait_seconds: req.query.wait }),
    reply: replyJob, rpc: 'jobs.get',
    mcp: {
      hints: READ_ONLY,
      guide: 'Use to check a job\'s status while it converts. Rather than polling, pass wait_seconds (up to 30) to get the answer as soon as the job changes. One call of the rate budget, but half a call when it waited for a change, a quarter when if_none_match (the job\'s last entity tag) still names the job. Otherwise poll at most once a second. Takes no slot. Next: pdf_to_markdown_get_markdown once ready; on error read error_code.',
    },
    openapi: {
      operationId: 'get_job', tag: 'jobs', success: 200,
      description: `${getJob.description}\n\n${POLLING}\n\nRequires an API key with the scope \`jobs:read\` (or a session).`,
      ok: {
        description: 'The job.',
        content: json(NAMED_SCHEMAS.Job),
        headers: z.object({
          ETag: z.string().meta({
            description: 'Weak entity tag of the job\'s own state (not of slot_usage and tier): send it back as If-None-Match while polling.',
          }),
        }),
      },
      alsoOk: {
        304: {
          description:
            'Not Modified: the job\'s own state is exactly as in the answer whose ETag was sent in If-None-Match. No body; the slot_usage and tier you hold from that answer may be stale (GET /api/v2/limits reads them live).',
        },
      },
      request: {
        requestParams: {
          path: z.object({ jobId: JobIdParam }),
          query: z.object({ wait: GetJobInput.shape.wait_seconds }),
          header: z.object({ 'If-None-Match': GetJobInput.shape.if_none_match }),
        },
      },
      reduced: true,
    },
  }),
  defineRoute({
    method: 'delete', path: '/api/v2/jobs/{jobId}', auth: KEY_OR_SESSION, operation: deleteJob, statuses: [400, 401, 403, 404, 429],
    mapRequest: jobIdOf, rpc: 'jobs.delete',
    mcp: {
      hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      guide: `Use when you no longer need a job: cancels an active one (frees its slot) or deletes a finished one. ${RATE_NOTE} Next: nothing; create another job if needed.`,
    },
    openapi: {
      operationId: 'delete_job', tag: 'jobs', success: 200, ok: { description: 'The job, canceled or deleted.', content: json(NAMED_SCHEMAS.DeletedJob) },
      request: byId,
    },
  }),
  defineRoute({
    method: 'get', path: DOWNLOAD_ROUTE, auth: KEY_OR_SESSION, operation: getMarkdown,
    statuses: [400, 401, 403, 404, 409, 410, 429],
    mapRequest: (req) => ({ ...jobIdOf(req), format: req.query.format }), replyFor: markdownDownload,
    // tRPC: the Markdown as a string (JSON cannot stream), the part asked for, under the caller's inline cap as for the MCP tool.
    rpc: { path: 'jobs.markdown', jsonInput: MarkdownInput, present: markdownInline },
    // MCP: the Markdown as text and its pictures as image content, never an archive (so no `format`).
    mcp: {
      hints: READ_ONLY, jsonInput: MarkdownInput, output: 'markdown',
      guide: `Use once get_job says ready; answers the Markdown inline up to max_inline_markdown_size. Takes no slot. ${RATE_NOTE} Next: pdf_to_markdown_delete_job to free the slot's result early.`,
    },
    openapi: {
      operationId: 'get_markdown', tag: 'jobs', success: 200, ok: download, reduced: true,
      request: { requestParams: { ...byId.requestParams, query: getMarkdown.input.pick({ format: true }) } },
    },
  }),
  defineRoute({
    method: 'get', path: '/api/v2/limits', auth: KEY_OR_SESSION, operation: getLimits, statuses: [401, 429], mapRequest: () => ({}), rpc: 'jobs.limits',
    mcp: {
      hints: READ_ONLY,
      guide: `Use before creating jobs to see your tier, free slots, size caps and rate budget. Takes no slot. ${RATE_NOTE} Next: create a job within those limits.`,
    },
    openapi: { operationId: 'get_limits', tag: 'account', success: 200, ok: { description: 'Live entitlements.', content: json(NAMED_SCHEMAS.Limits) } },
  }),
] as const satisfies readonly Route[];
