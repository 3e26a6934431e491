/**
 * The frozen v1 rows at the root (POST /register, GET /config, /jobs,
 * /jobs/{jobId}, /jobs/{jobId}/download, /settings), from the core and v1
 * schemas that shape them. Paths and fields never change; only their
 * descriptions may improve.
 */
import { z } from 'zod';
import { ClientConfig } from '../core/devices/client-config.ts';
import { RegisterInput, Registration } from '../core/devices/register-device.ts';
import { createJobFromUpload, createJobFromUrl, deleteJob, getJob, getMarkdown, listJobs } from '../core/operations.ts';
import { getSettings, updateSettings } from '../core/settings/settings-operations.ts';
import { DeviceSettings, SettingsPatch } from '../core/settings/settings-schema.ts';
import { IdempotencyKeyHeader, JobIdParam, NAMED_SCHEMAS } from './openapi-components.ts';
import type { RouteSpec } from './route-spec.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const ok = (description: string, schema: z.ZodType) => ({ description, content: json(schema) });
const byId = { requestParams: { path: z.object({ jobId: JobIdParam }) } };
const v1Job = NAMED_SCHEMAS.V1Job;
const device = { tag: 'v1', auth: 'DeviceToken', success: 200 } as const;

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

/** The v1 rows of the route table. */
export const V1_ROUTES: readonly RouteSpec[] = [
  {
    method: 'post', path: '/register', operations: [], operationId: 'v1_register', summary: 'Register a device (idempotent by public key)',
    tag: 'v1', auth: 'none', success: 200, ok: ok('The device and its token.', Registration), errors: [400, 429],
    request: { requestBody: { required: true, content: json(RegisterInput) } },
  },
  {
    method: 'get', path: '/config', operations: [], operationId: 'v1_config', summary: 'Client configuration',
    tag: 'v1', auth: 'none', success: 200, ok: ok('Limits and notices for the extension.', ClientConfig), errors: [],
  },
  {
    ...device, method: 'post', path: '/jobs', operations: [createJobFromUrl, createJobFromUpload], operationId: 'v1_create_job',
    summary: 'Create a job (device)', success: 201,
    ok: {
      ...ok('Created; Location holds an absolute link under /jobs.', v1Job),
      headers: z.object({ Location: z.url().meta({ description: 'Absolute URL of the job.' }) }),
    },
    errors: [400, 401, 403, 409, 413, 429],
    request: {
      requestParams: { header: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
      requestBody: {
        required: true,
        content: {
          ...json(z.object({ url: z.url() })),
          'multipart/form-data': { schema: z.object({ file: z.file().mime('application/pdf') }) },
        },
      },
    },
  },
  {
    ...device, method: 'get', path: '/jobs', operations: [listJobs], operationId: 'v1_list_jobs', summary: 'Recent jobs of the device (at most 3)',
    ok: ok('Recent jobs.', z.object({ items: z.array(v1Job).max(3) })), errors: [401, 403, 409, 429],
  },
  {
    ...device, method: 'get', path: '/jobs/{jobId}', operations: [getJob], operationId: 'v1_get_job', summary: 'A job of the device',
    ok: ok('The job.', v1Job), errors: [401, 404], request: byId,
  },
  {
    ...device, method: 'delete', path: '/jobs/{jobId}', operations: [deleteJob], operationId: 'v1_delete_job',
    summary: 'Cancel or delete a job (idempotent)', ok: ok('Canceled or deleted.', Deleted), errors: [401, 403, 404, 409, 429], request: byId,
  },
  {
    ...device, method: 'get', path: '/jobs/{jobId}/download', operations: [getMarkdown], operationId: 'v1_download',
    summary: 'Download the Markdown of a ready job', ok: markdown, errors: [401, 403, 404, 409, 410, 429], request: byId,
  },
  {
    ...device, method: 'get', path: '/settings', operations: [getSettings], operationId: 'v1_get_settings',
    summary: 'Device conversion settings (defaults for absent ones)', ok: ok('The full settings.', DeviceSettings), errors: [401, 403, 409],
  },
  {
    ...device, method: 'put', path: '/settings', operations: [updateSettings], operationId: 'v1_update_settings', summary: 'Update settings (partial)',
    ok: ok('The full settings.', DeviceSettings), errors: [400, 401, 403, 409],
    request: { requestBody: { required: true, content: json(SettingsPatch) } },
  },
];
