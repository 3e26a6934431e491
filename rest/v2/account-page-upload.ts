/**
 * POST /api/v2/account/jobs: the account page's drop zone. A session only
 * (core refuses other actors; the cookie's same-origin rule applies), and a
 * caller out of budget is refused before the file is read.
 */
import { z } from 'zod';
import { JobFields } from '../../core/jobs/job-schema.ts';
import { createJobFromAccountPage } from '../../core/operations.ts';
import { NAMED_SCHEMAS } from '../../http/openapi-components.ts';
import { rateGate } from '../../http/rate-gate.ts';
import type { Route } from '../../http/route.ts';
import { defineRoute } from '../define-route.ts';
import { multipartInput } from './create-job-input.ts';
import { replyCreated } from './replies.ts';

export const ACCOUNT_PAGE_UPLOAD_PATH = '/api/v2/account/jobs';

const PageUpload = z
  .object({
    file_name: JobFields.file_name,
    external_id: JobFields.external_id,
    tags: JobFields.tags,
    file: z.file().mime('application/pdf').describe('The PDF.'),
  })
  .describe('Fields first, then the part named `file`, streamed into storage as it arrives; past the tier\'s max_file_size: 413.');

export const accountPageUploadRoute: Route = defineRoute({
  method: 'post', path: ACCOUNT_PAGE_UPLOAD_PATH, auth: 'Session', operation: createJobFromAccountPage, statuses: [400, 401, 403, 409, 413, 422, 429],
  before: (rt) => [rateGate(rt)],
  mapRequest: (req, services) => multipartInput(services)(req),
  reply: replyCreated,
  openapi: {
    operationId: 'create_job_from_account_page', tag: 'jobs', success: 201,
    ok: {
      description: 'Created. Location names the job.',
      headers: z.object({ Location: z.string().meta({ description: 'Path of the new job.' }) }),
      content: { 'application/json': { schema: NAMED_SCHEMAS.Job } },
    },
    request: { requestBody: { required: true, content: { 'multipart/form-data': { schema: PageUpload, encoding: { file: { contentType: 'application/pdf' } } } } } },
  },
});
