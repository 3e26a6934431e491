/**
 * What the route table refers to: named schemas (straight from core's zod
 * schemas), one error response per status whose description lists the codes
 * of core/errors.ts, the shared parameters and the security schemes that
 * exist today. zod-openapi turns each into a component and a $ref.
 */
import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { STATUS, type ErrorCode } from '../core/errors.ts';
import { DeletedJob } from '../core/jobs/delete-job.ts';
import { Limits } from '../core/jobs/get-limits.ts';
import { Job, JobId } from '../core/jobs/job-schema.ts';
import { V1Job } from '../core/jobs/v1-job.ts';

/** The v2 error envelope; `code` lists every machine code of the STATUS table. */
export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      request_id: z.string(),
    }),
  })
  .describe(
    'Every v2 error. `code` is stable and machine-readable; `message` is for people; `request_id` matches the X-Request-Id response header.',
  );

/**
 * Schemas shown once under components.schemas and referenced by name. None
 * contains another (zod-openapi would then render the inner one twice).
 */
export const NAMED_SCHEMAS = {
  Job,
  DeletedJob,
  Limits,
  Error: ErrorEnvelope,
  V1Job,
};

/** The path parameter of every job route. */
export const JobIdParam = JobId.meta({ param: { id: 'JobId', description: 'The job_id of a job.' } });

/** The optional Idempotency-Key header of job creation. */
export const IdempotencyKeyHeader = z.string().min(1).max(255).optional().meta({
  param: {
    id: 'IdempotencyKey',
    description:
      'Any string up to 255 characters. The same key again in the same account returns the existing job (200) instead of creating another; with a different request it is refused (422 idempotency_mismatch).',
  },
});

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input', 401: 'Authentication missing, invalid or expired', 403: 'Forbidden', 404: 'Not found',
  405: 'Method not allowed', 409: 'Conflict', 410: 'Gone', 413: 'Too large', 422: 'Idempotency-Key reused with a different request',
  429: 'Rate limited', 500: 'Internal error', 502: 'Identity or billing provider failed', 503: 'Not configured or unavailable',
};

/** Headers every error response of a status carries. */
export const ERROR_HEADERS: Record<number, z.ZodObject> = {
  401: z.object({ 'WWW-Authenticate': z.string().meta({ description: 'Bearer challenge (RFC 6750).' }) }),
  429: z.object({
    'Retry-After': z.number().int().min(1).meta({ description: 'Seconds to wait before retrying.' }),
    // IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), also on successful REST answers.
    'RateLimit-Policy': z.string().meta({ description: 'The caller\'s quota: `"<tier>";q=<operation calls>;w=60`; each operation call costs one, on every transport.' }),
    RateLimit: z.string().meta({ description: 'What is left: `"<tier>";r=<remaining>;t=<seconds until the window resets>`.' }),
  }),
};

/** The error codes answered with a status, from the one table in core/errors.ts. */
export function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(STATUS) as ErrorCode[]).filter((c) => STATUS[c] === status);
}

const errorResponses = new Map<number, ZodOpenApiResponseObject>();

/** The shared error response of a status (components.responses.Error<status>). */
export function errorResponse(status: number): ZodOpenApiResponseObject {
  let res = errorResponses.get(status);
  if (!res) {
    const codes = codesWithStatus(status).map((c) => `\`${c}\``).join(', ');
    res = {
      id: `Error${status}`,
      description: `${STATUS_TEXT[status] ?? 'Error'}. Codes: ${codes}.`,
      content: { 'application/json': { schema: ErrorEnvelope } },
      ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
    };
    errorResponses.set(status, res);
  }
  return res;
}

/** Every credential the API accepts (spec: DeviceToken, ApiKey, Session, UploadTicket). */
export const SECURITY_SCHEMES = {
  ApiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'p2m_<43 base64url characters>',
    description:
      '`Authorization: Bearer p2m_...`. Keys carry scopes (jobs:create, jobs:read, jobs:download, jobs:delete, ...); an operation needing a scope the key lacks answers 403 insufficient_scope. Send over TLS only; never embed a key in client code.',
  },
  DeviceToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      '`Authorization: Device <device_token>` plus the request signature headers X-P2M-Timestamp, X-P2M-Nonce, X-P2M-Content-SHA256 and X-P2M-Signature (scheme P2M-DEVICE-V1, described in the API description).',
  },
  Session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'p2m_session',
    description:
      'The web session: an HttpOnly cookie set by the sign-in callback and removed at logout. A state-changing request authenticated by it must come from a page of this service (Origin, or Referer, one of its public origins), else 403.',
  },
  UploadTicket: {
    type: 'apiKey',
    in: 'header',
    name: 'Upload-Ticket',
    description:
      'A single-use, short-lived ticket (`upt_...`) from POST /api/v2/jobs/upload-ticket, bound to the linked device that minted it, its account, tier and byte cap. A missing, invalid, expired or used ticket answers 401.',
  },
} as const;

export type SecurityScheme = keyof typeof SECURITY_SCHEMES;
