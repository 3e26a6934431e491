/**
 * The /api/v2 job paths, built from the core operations: summary, description,
 * scope and schemas come from core/jobs/*, so the document and the
 * validation cannot drift apart.
 */
import { createJobFromUpload, createJobFromUrl, deleteJob, getJob, getLimits, getMarkdown, listJobs } from '../core/operations.ts';
import type { Operation } from '../core/operation.ts';
import { errorRef } from './openapi-components.ts';
import { jsonSchemaOf } from './openapi-schemas.ts';
import type { JsonSchema, OperationObject, PathItem } from './openapi-types.ts';

const KEY_ONLY: Record<string, string[]>[] = [{ ApiKey: [] }];
const KEY_OR_SESSION: Record<string, string[]>[] = [{ ApiKey: [] }, { Session: [] }];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function withoutProps(schema: JsonSchema, names: string[]): JsonSchema {
  const props = { ...(schema.properties as Record<string, JsonSchema>) };
  for (const n of names) delete props[n];
  const required = ((schema.required as string[] | undefined) ?? []).filter((r) => !names.includes(r));
  const { required: _old, ...rest } = schema;
  return { ...rest, properties: props, ...(required.length ? { required } : {}) };
}

function base(op: Operation, security: OperationObject['security'], errors: number[]): OperationObject {
  const responses: OperationObject['responses'] = {};
  for (const s of errors) responses[String(s)] = errorRef(s);
  return {
    operationId: op.name,
    summary: op.title,
    description: op.scope ? `${op.description}\n\nRequires the scope \`${op.scope}\` for API keys.` : op.description,
    tags: ['jobs'],
    security,
    ...(op.scope ? { 'x-p2m-scope': op.scope } : {}),
    responses,
  };
}

function createJobBodies(variant: 'full' | 'ai') {
  // The Idempotency-Key header is the documented way; the body field is kept out of the documents.
  const fromUrl = withoutProps(jsonSchemaOf(createJobFromUrl.input, 'input'), ['idempotency_key']);
  const upload = withoutProps(jsonSchemaOf(createJobFromUpload.input, 'input'), ['idempotency_key']);
  const base64 = {
    ...upload,
    properties: {
      ...(upload.properties as object),
      content_base64: { type: 'string', contentEncoding: 'base64', contentMediaType: 'application/pdf', description: 'The PDF, base64-encoded. The JSON body is limited to the tier\'s max_json_body_size (GET /api/v2/limits; about 14.3 MiB on the free tier); send larger files as multipart.' },
    },
  };
  const content: Record<string, { schema: JsonSchema; encoding?: Record<string, { contentType: string }> }> = json({ anyOf: [fromUrl, base64] });
  if (variant === 'full') {
    const fields = withoutProps(upload, ['content_base64']);
    content['multipart/form-data'] = {
      schema: {
        ...fields,
        description:
          'Metadata fields first, then the part named `file`: the file is streamed into storage as it arrives, so fields after it are ignored. `tags` may be repeated. Over the tier\'s byte cap: 413.',
        properties: { ...(fields.properties as object), file: { type: 'string', contentMediaType: 'application/pdf', description: 'The PDF.' } },
        required: ['file'],
      },
      encoding: { file: { contentType: 'application/pdf' } },
    };
  }
  return content;
}

function createJobOp(variant: 'full' | 'ai'): OperationObject {
  const op = base(createJobFromUrl, KEY_ONLY, [400, 401, 403, 409, 413, 422, 429]);
  return {
    ...op,
    operationId: 'create_job',
    summary: 'Create a conversion job',
    description: `${createJobFromUrl.description} Or send the PDF itself: ${createJobFromUpload.description}\n\nRequires an API key with the scope \`jobs:create\`; a session gets 403 api_key_required.`,
    parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
    requestBody: { required: true, content: createJobBodies(variant) },
    responses: {
      '201': {
        description: 'Created. Location names the job.',
        headers: { Location: { description: 'Path of the new job.', schema: { type: 'string' } } },
        content: json(ref('Job')),
      },
      '200': { description: 'The job created earlier with the same Idempotency-Key.', content: json(ref('Job')) },
      ...op.responses,
    },
  };
}

function listParameters(): OperationObject['parameters'] {
  const schema = jsonSchemaOf(listJobs.input, 'input');
  return Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, s]) => ({ name, in: 'query', required: false, schema: s }));
}

const jobIdParam = [{ $ref: '#/components/parameters/JobId' }];

function getJobOp(): OperationObject {
  const op = base(getJob, KEY_OR_SESSION, [400, 401, 403, 404, 429]);
  return { ...op, parameters: jobIdParam, responses: { '200': { description: 'The job.', content: json(ref('Job')) }, ...op.responses } };
}

function downloadOp(): OperationObject {
  const op = base(getMarkdown, KEY_OR_SESSION, [400, 401, 403, 404, 409, 410, 429]);
  const headers = { 'Content-Disposition': { description: 'attachment; filename="..."; filename*=UTF-8\'\'...', schema: { type: 'string' } } };
  const ok = { description: 'The Markdown, streamed.', headers, content: { 'text/markdown; charset=utf-8': { schema: { type: 'string' } } } };
  return { ...op, parameters: jobIdParam, responses: { '200': ok, ...op.responses } };
}

/** The v2 paths; 'ai' keeps create, status and fetch only. */
export function v2Paths(variant: 'full' | 'ai'): Record<string, PathItem> {
  if (variant === 'ai') {
    return {
      '/api/v2/jobs': { post: createJobOp('ai') },
      '/api/v2/jobs/{jobId}': { get: getJobOp() },
      '/api/v2/jobs/{jobId}/download': { get: downloadOp() },
    };
  }
  const list = base(listJobs, KEY_OR_SESSION, [400, 401, 403, 429]);
  const del = base(deleteJob, KEY_OR_SESSION, [400, 401, 403, 404, 429]);
  const limits = base(getLimits, KEY_OR_SESSION, [401, 429]);
  return {
    '/api/v2/jobs': {
      post: createJobOp('full'),
      get: { ...list, parameters: listParameters(), responses: { '200': { description: 'A page of jobs.', content: json(ref('JobList')) }, ...list.responses } },
    },
    '/api/v2/jobs/{jobId}': {
      get: getJobOp(),
      delete: { ...del, parameters: jobIdParam, responses: { '200': { description: 'The job, canceled or deleted.', content: json(ref('DeletedJob')) }, ...del.responses } },
    },
    '/api/v2/jobs/{jobId}/download': { get: downloadOp() },
    '/api/v2/limits': { get: { ...limits, tags: ['account'], responses: { '200': { description: 'Live entitlements.', content: json(ref('Limits')) }, ...limits.responses } } },
  };
}
