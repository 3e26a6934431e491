/**
 * The frozen v1 paths at the root (POST /register, GET /config, /jobs,
 * /jobs/{jobId}, /jobs/{jobId}/download, /settings), described from the core
 * and v1 schemas that shape them. The paths and fields never change; only
 * their descriptions may improve.
 */
import { z } from 'zod';
import { ClientConfig } from '../core/devices/client-config.ts';
import { RegisterInput, Registration } from '../core/devices/register-device.ts';
import { DeviceSettings, SettingsPatch } from '../core/settings/settings-schema.ts';
import { V1Job } from '../core/jobs/v1-job.ts';
import { errorRef } from './openapi-components.ts';
import { jsonSchemaOf } from './openapi-schemas.ts';
import type { JsonSchema, OperationObject, PathItem } from './openapi-types.ts';

const DEVICE: Record<string, string[]>[] = [{ DeviceToken: [] }];
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const ok = (description: string, schema: JsonSchema) => ({ description, content: json(schema) });
const v1Job = { $ref: '#/components/schemas/V1Job' };
const jobIdParam = [{ $ref: '#/components/parameters/JobId' }];

function op(id: string, summary: string, errors: number[], rest: Partial<OperationObject>): OperationObject {
  const responses: OperationObject['responses'] = { ...rest.responses };
  for (const s of errors) responses[String(s)] = errorRef(s);
  return { operationId: id, summary, tags: ['v1'], security: DEVICE, ...rest, responses };
}

/** Schemas the v1 paths refer to, for components.schemas. */
export function v1Schemas(): Record<string, JsonSchema> {
  return { V1Job: jsonSchemaOf(V1Job, 'output') };
}

function jobsPaths(): Record<string, PathItem> {
  const upload = {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', contentMediaType: 'application/pdf' } },
  };
  const deleted = jsonSchemaOf(
    z.object({ job_id: z.uuid(), status: V1Job.shape.status, message: z.string().optional() }),
    'output',
  );
  return {
    '/jobs': {
      post: op('v1_create_job', 'Create a job (device)', [400, 401, 403, 409, 413, 429], {
        parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
        requestBody: {
          required: true,
          content: { ...json({ type: 'object', required: ['url'], properties: { url: { type: 'string', format: 'uri' } } }), 'multipart/form-data': { schema: upload } },
        },
        responses: {
          '201': { ...ok('Created; Location holds an absolute link under /jobs.', v1Job), headers: { Location: { description: 'Absolute URL of the job.', schema: { type: 'string', format: 'uri' } } } },
        },
      }),
      get: op('v1_list_jobs', 'Recent jobs of the device (at most 3)', [401, 403, 409, 429], {
        responses: { '200': ok('Recent jobs.', { type: 'object', required: ['items'], properties: { items: { type: 'array', maxItems: 3, items: v1Job } } }) },
      }),
    },
    '/jobs/{jobId}': {
      get: op('v1_get_job', 'A job of the device', [401, 404], { parameters: jobIdParam, responses: { '200': ok('The job.', v1Job) } }),
      delete: op('v1_delete_job', 'Cancel or delete a job (idempotent)', [401, 403, 404, 409, 429], {
        parameters: jobIdParam,
        responses: { '200': ok('Canceled or deleted.', deleted) },
      }),
    },
    '/jobs/{jobId}/download': {
      get: op('v1_download', 'Download the Markdown of a ready job', [401, 403, 404, 409, 410, 429], {
        parameters: jobIdParam,
        responses: { '200': { description: 'The Markdown; Content-Disposition suggests a file name.', content: { 'text/markdown': { schema: { type: 'string' } }, 'application/octet-stream': { schema: { type: 'string' } } } } },
      }),
    },
  };
}

/** The v1 path items. */
export function v1Paths(): Record<string, PathItem> {
  return {
    '/register': {
      post: op('v1_register', 'Register a device (idempotent by public key)', [400, 429], {
        security: [],
        requestBody: { required: true, content: json(jsonSchemaOf(RegisterInput, 'input')) },
        responses: { '200': ok('The device and its token.', jsonSchemaOf(Registration, 'output')) },
      }),
    },
    '/config': {
      get: op('v1_config', 'Client configuration', [], { security: [], responses: { '200': ok('Limits and notices for the extension.', jsonSchemaOf(ClientConfig, 'output')) } }),
    },
    ...jobsPaths(),
    '/settings': {
      get: op('v1_get_settings', 'Device conversion settings (defaults for absent ones)', [401, 403, 409], {
        responses: { '200': ok('The full settings.', jsonSchemaOf(DeviceSettings, 'output')) },
      }),
      put: op('v1_update_settings', 'Update settings (partial)', [400, 401, 403, 409], {
        requestBody: { required: true, content: json(jsonSchemaOf(SettingsPatch, 'input')) },
        responses: { '200': ok('The full settings.', jsonSchemaOf(DeviceSettings, 'output')) },
      }),
    },
  };
}
