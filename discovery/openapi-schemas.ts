/**
 * JSON Schemas for the OpenAPI documents, generated from the same zod schemas
 * that validate requests and shape responses: inputs with io 'input'
 * (defaults optional, coercions as the wire sees them), outputs with io
 * 'output'. Streams have no JSON form; the few places they appear are
 * described by hand (multipart file part, text/markdown download).
 */
import { z } from 'zod';
import { STATUS, type ErrorCode } from '../core/errors.ts';
import { DeletedJob } from '../core/jobs/delete-job.ts';
import { Limits } from '../core/jobs/get-limits.ts';
import { Job } from '../core/jobs/job-schema.ts';
import { listJobs } from '../core/operations.ts';
import type { JsonSchema } from './openapi-types.ts';

/** A zod schema as an inlineable 2020-12 JSON Schema (no $schema key). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The v2 error envelope; `code` lists every machine code of the STATUS table. */
export const ErrorEnvelope: JsonSchema = {
  type: 'object',
  description:
    'Every v2 error. `code` is stable and machine-readable; `message` is for people; `request_id` matches the X-Request-Id response header.',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'request_id'],
      properties: {
        code: { type: 'string', enum: Object.keys(STATUS) },
        message: { type: 'string' },
        request_id: { type: 'string' },
      },
    },
  },
};

/** Reusable component schemas, keyed by their component name. */
export function componentSchemas(): Record<string, JsonSchema> {
  return {
    Job: jsonSchemaOf(Job, 'output'),
    DeletedJob: jsonSchemaOf(DeletedJob, 'output'),
    JobList: jsonSchemaOf(listJobs.output, 'output'),
    Limits: jsonSchemaOf(Limits, 'output'),
    Error: ErrorEnvelope,
  };
}

/** The error codes answered with a status, from the one table in core/errors.ts. */
export function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(STATUS) as ErrorCode[]).filter((c) => STATUS[c] === status);
}
