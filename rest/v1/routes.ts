/**
 * The v1 device lane at the root paths (frozen: /register, /config, /jobs,
 * /jobs/{jobId}, /jobs/{jobId}/download, /settings), one record each, with
 * the core and v1 schemas that shape them. Handlers only translate; errors go
 * to the app's shared error handler. Paths and fields never change; only
 * their descriptions may improve.
 */
import { z } from 'zod';
import { ClientConfig, getClientConfig } from '../../core/devices/client-config.ts';
import { RegisterInput, registerDeviceOp, Registration } from '../../core/devices/register-device.ts';
import { jsonBodyUpTo } from '../../http/json-body.ts';
import { createJobFromUpload, createJobFromUrl, deleteJob, getJob, getMarkdown, listJobs } from '../../core/operations.ts';
import { getSettings, updateSettings } from '../../core/settings/settings-operations.ts';
import { DeviceSettings, SettingsPatch } from '../../core/settings/settings-schema.ts';
import { IdempotencyKeyHeader, JobIdParam, NAMED_SCHEMAS } from '../../http/openapi-components.ts';
import type { Route } from '../../http/route.ts';
import { defineHandlerRoute, defineRoute } from '../define-route.ts';
import { createJobRoute } from './create-job-route.ts';
import { jobIdInput, recentJobsOf, replyDeleted, replyV1Job, replyV1List } from './job-routes.ts';
import { markdownDownload } from '../../http/download.ts';

/** A registration is one public key. */
const REGISTER_BODY_BYTES = 16 * 1024;

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const ok = (description: string, schema: z.ZodType) => ({ description, content: json(schema) });
const byId = { requestParams: { path: z.object({ jobId: JobIdParam }) } };
const v1Job = NAMED_SCHEMAS.V1Job;
const device = { auth: 'DeviceToken' } as const;

// v1 answers a deletion with the status it left the job in; a removed job says `deleted`.
const Deleted = z.object({
  job_id: z.uuid(),
  status: z.enum([...v1Job.shape.status.options, 'deleted']),
  message: z.string().optional(),
});

const markdown = {
  description: 'The Markdown; Content-Disposition suggests a file name.',
  content: { 'text/markdown': { schema: z.string() }, 'application/octet-stream': { schema: z.string() } },
};

const creation = {
  requestParams: { header: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
  requestBody: {
    required: true,
    content: {
      ...json(z.object({ url: z.url() })),
      'multipart/form-data': { schema: z.object({ file: z.file().mime('application/pdf') }) },
    },
  },
};

/** The v1 routes. */
export const V1_ROUTES: readonly Route[] = [
  defineRoute({
    method: 'post', path: '/register', auth: 'none', operation: registerDeviceOp, statuses: [400, 413, 429],
    before: () => [jsonBodyUpTo(REGISTER_BODY_BYTES)],
    mapRequest: (req): unknown => req.body,
    openapi: {
      operationId: 'v1_register', summary: 'Register a device (idempotent by public key)', tag: 'v1', success: 200,
      ok: ok('The device and its token.', Registration), request: { requestBody: { required: true, content: json(RegisterInput) } },
    },
  }),
  defineRoute({
    method: 'get', path: '/config', auth: 'none', operation: getClientConfig, statuses: [], mapRequest: () => ({}),
    reply: (res, out) => void res.set('Cache-Control', 'public, max-age=300').json(out),
    openapi: { operationId: 'v1_config', summary: 'Client configuration', tag: 'v1', success: 200, ok: ok('Limits and notices for the extension.', ClientConfig) },
  }),
  defineHandlerRoute({
    ...device, method: 'post', path: '/jobs', operations: [createJobFromUrl, createJobFromUpload], statuses: [400, 401, 403, 409, 413, 422, 429],
    handler: createJobRoute,
    openapi: {
      operationId: 'v1_create_job', summary: 'Create a job (device)', tag: 'v1', success: 201,
      ok: { ...ok('Created; Location holds an absolute link under /jobs.', v1Job), headers: z.object({ Location: z.url().meta({ description: 'Absolute URL of the job.' }) }) },
      request: creation,
    },
  }),
  defineRoute({
    ...device, method: 'get', path: '/jobs', operation: listJobs, statuses: [400, 401, 403, 409, 429],
    // How many recent jobs: the tier's recentJobsListed (3 unless configured).
    mapRequest: (req, services) => ({ limit: recentJobsOf(services, req) }), reply: replyV1List,
    openapi: {
      operationId: 'v1_list_jobs', summary: 'Recent jobs of the device (at most 3)', tag: 'v1', success: 200,
      ok: ok('Recent jobs.', z.object({ items: z.array(v1Job).max(3) })),
    },
  }),
  defineRoute({
    ...device, method: 'get', path: '/jobs/{jobId}', operation: getJob, statuses: [401, 404, 429], mapRequest: jobIdInput, reply: replyV1Job,
    openapi: { operationId: 'v1_get_job', summary: 'A job of the device', tag: 'v1', success: 200, ok: ok('The job.', v1Job), request: byId },
  }),
  defineRoute({
    ...device, method: 'delete', path: '/jobs/{jobId}', operation: deleteJob, statuses: [401, 403, 404, 409, 429], mapRequest: jobIdInput, reply: replyDeleted,
    openapi: {
      operationId: 'v1_delete_job', summary: 'Cancel or delete a job (idempotent)', tag: 'v1', success: 200, ok: ok('Canceled or deleted.', Deleted), request: byId,
    },
  }),
  defineRoute({
    ...device, method: 'get', path: '/jobs/{jobId}/download', operation: getMarkdown, statuses: [401, 403, 404, 409, 410, 429],
    mapRequest: jobIdInput, replyFor: markdownDownload,
    openapi: { operationId: 'v1_download', summary: 'Download the Markdown of a ready job', tag: 'v1', success: 200, ok: markdown, request: byId },
  }),
  defineRoute({
    ...device, method: 'get', path: '/settings', operation: getSettings, statuses: [401, 403, 409, 429], mapRequest: () => ({}),
    openapi: {
      operationId: 'v1_get_settings', summary: 'Device conversion settings (defaults for absent ones)', tag: 'v1', success: 200,
      ok: ok('The full settings.', DeviceSettings),
    },
  }),
  defineRoute({
    ...device, method: 'put', path: '/settings', operation: updateSettings, statuses: [400, 401, 403, 409, 429], mapRequest: (req): unknown => req.body ?? {},
    openapi: {
      operationId: 'v1_update_settings', summary: 'Update settings (partial)', tag: 'v1', success: 200, ok: ok('The full settings.', DeviceSettings),
      request: { requestBody: { required: true, content: json(SettingsPatch) } },
    },
  }),
];
