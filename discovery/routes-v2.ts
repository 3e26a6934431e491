/**
 * The /api/v2 job routes. Request and response schemas are the operations'
 * own (inputs as the wire sees them, outputs as sent), so the documents and
 * the validation cannot drift apart.
 */
import { z } from 'zod';
import { Base64UploadInput } from '../core/jobs/create-job-from-upload.ts';
import { JobFields } from '../core/jobs/job-schema.ts';
import { createJobFromUpload, createJobFromUrl, deleteJob, getJob, getLimits, getMarkdown, listJobs } from '../core/operations.ts';
import { IdempotencyKeyHeader, JobIdParam, NAMED_SCHEMAS } from './openapi-components.ts';
import type { RouteSpec } from './route-spec.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const byId = { requestParams: { path: z.object({ jobId: JobIdParam }) } };
// Reads and deletes are open to a signed-in person too; creating jobs needs an API key (a session gets 403).
const KEY_OR_SESSION = [['ApiKey'], ['Session']] as const;

/** multipart/form-data job creation: the job fields first, then the PDF in the part named `file`. */
export const MultipartUpload = z
  .object({ ...JobFields, file: z.file().mime('application/pdf').describe('The PDF.') })
  .describe(
    "Metadata fields first, then the part named `file`: the file is streamed into storage as it arrives, so fields after it are ignored. `tags` may be repeated. Over the tier's byte cap: 413.",
  );

const createJob: RouteSpec = {
  method: 'post',
  path: '/api/v2/jobs',
  operations: [createJobFromUrl, createJobFromUpload],
  operationId: 'create_job',
  summary: 'Create a conversion job',
  description: `${createJobFromUrl.description} Or send the PDF itself: ${createJobFromUpload.description}\n\nRequires an API key with the scope \`jobs:create\`.`,
  tag: 'jobs',
  auth: 'ApiKey',
  success: 201,
  ok: {
    description: 'Created. Location names the job.',
    headers: z.object({ Location: z.string().meta({ description: 'Path of the new job.' }) }),
    content: json(NAMED_SCHEMAS.Job),
  },
  alsoOk: { 200: { description: 'The job created earlier with the same Idempotency-Key.', content: json(NAMED_SCHEMAS.Job) } },
  errors: [400, 401, 403, 409, 413, 422, 429],
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
};

const download = {
  description: 'The Markdown, streamed.',
  headers: z.object({ 'Content-Disposition': z.string().meta({ description: 'attachment; filename="..."; filename*=UTF-8\'\'...' }) }),
  content: { 'text/markdown; charset=utf-8': { schema: z.string() } },
};

/** The v2 rows of the route table. */
export const V2_ROUTES: readonly RouteSpec[] = [
  createJob,
  {
    method: 'get', path: '/api/v2/jobs', operations: [listJobs], operationId: 'list_jobs', tag: 'jobs', auth: KEY_OR_SESSION,
    success: 200, ok: { description: 'A page of jobs.', content: json(listJobs.output) }, errors: [400, 401, 403, 429],
    request: { requestParams: { query: listJobs.input } },
  },
  {
    method: 'get', path: '/api/v2/jobs/{jobId}', operations: [getJob], operationId: 'get_job', tag: 'jobs', auth: KEY_OR_SESSION,
    success: 200,
    ok: {
      description: 'The job.',
      content: json(NAMED_SCHEMAS.Job),
      headers: z.object({
        ETag: z.string().meta({ description: 'Weak entity tag of this answer: send it back as If-None-Match while polling.' }),
      }),
    },
    alsoOk: { 304: { description: 'Not Modified: the job reads exactly as the answer whose ETag was sent in If-None-Match. No body.' } },
    errors: [400, 401, 403, 404, 429],
    request: byId, reduced: true,
  },
  {
    method: 'delete', path: '/api/v2/jobs/{jobId}', operations: [deleteJob], operationId: 'delete_job', tag: 'jobs', auth: KEY_OR_SESSION,
    success: 200, ok: { description: 'The job, canceled or deleted.', content: json(NAMED_SCHEMAS.DeletedJob) },
    errors: [400, 401, 403, 404, 429], request: byId,
  },
  {
    method: 'get', path: '/api/v2/jobs/{jobId}/download', operations: [getMarkdown], operationId: 'get_markdown', tag: 'jobs',
    auth: KEY_OR_SESSION, success: 200, ok: download, errors: [400, 401, 403, 404, 409, 410, 429], request: byId, reduced: true,
  },
  {
    method: 'get', path: '/api/v2/limits', operations: [getLimits], operationId: 'get_limits', tag: 'account', auth: KEY_OR_SESSION,
    success: 200, ok: { description: 'Live entitlements.', content: json(NAMED_SCHEMAS.Limits) }, errors: [401, 429],
  },
];
