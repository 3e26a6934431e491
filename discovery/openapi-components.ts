/**
 * Shared OpenAPI components: security schemes, one error response per status
 * (its description lists the codes from core/errors.ts), and parameters.
 */
import { STATUS } from '../core/errors.ts';
import { JobId } from '../core/jobs/job-schema.ts';
import { codesWithStatus, componentSchemas, jsonSchemaOf } from './openapi-schemas.ts';
import type { OpenApiDocument, Parameter, Response } from './openapi-types.ts';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input', 401: 'Authentication missing, invalid or expired', 403: 'Forbidden', 404: 'Not found',
  409: 'Conflict', 410: 'Gone', 413: 'Too large', 422: 'Idempotency-Key reused with a different request',
  429: 'Rate limited', 500: 'Internal error', 503: 'Not configured',
};

/** Component name of the error response for a status, e.g. Error429. */
export const errorRef = (status: number) => ({ $ref: `#/components/responses/Error${status}` });

/** The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), on REST answers and every 429. */
const RATE_HEADERS = {
  'RateLimit-Policy': {
    description: 'The caller\'s quota: `"<tier>";q=<operation calls>;w=60` (each operation call costs one, on every transport).',
    schema: { type: 'string' },
  },
  RateLimit: { description: 'What is left: `"<tier>";r=<remaining>;t=<seconds until the window resets>`.', schema: { type: 'string' } },
};

function errorResponse(status: number): Response {
  const codes = codesWithStatus(status).map((c) => `\`${c}\``).join(', ');
  const res: Response = {
    description: `${STATUS_TEXT[status] ?? 'Error'}. Codes: ${codes}.`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  if (status === 401) {
    res.headers = { 'WWW-Authenticate': { description: 'Bearer challenge (RFC 6750).', schema: { type: 'string' } } };
  }
  if (status === 429) {
    res.headers = {
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
      ...RATE_HEADERS,
    };
  }
  return res;
}

const parameters: Record<string, Parameter> = {
  JobId: { name: 'jobId', in: 'path', required: true, description: 'The job_id of a job.', schema: jsonSchemaOf(JobId, 'input') },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Any string up to 255 characters. The same key again in the same account returns the existing job (200) instead of creating another; with a different request it is refused (422 idempotency_mismatch).',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
};

const securitySchemes = {
  ApiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'p2m_<43 base64url characters>',
    description:
      '`Authorization: Bearer p2m_...`. Keys carry scopes (jobs:create, jobs:read, jobs:download, jobs:delete, ...); an operation needing a scope the key lacks answers 403 insufficient_scope. Send over TLS only; never embed a key in client code.',
  },
  Session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'p2m_session',
    description: 'Web session cookie (HttpOnly), set after sign-in. Sessions cannot create jobs (403 api_key_required).',
  },
  DeviceToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      '`Authorization: Device <device_token>` plus the request signature headers X-P2M-Timestamp, X-P2M-Nonce, X-P2M-Content-SHA256 and X-P2M-Signature (scheme P2M-DEVICE-V1, described in the API description).',
  },
  UploadTicket: {
    type: 'apiKey',
    in: 'header',
    name: 'Upload-Ticket',
    description: 'A one-time, short-lived upload ticket minted by a device-signed call.',
  },
};

/** All components of the full document. */
export function components(): OpenApiDocument['components'] {
  const statuses = [...new Set(Object.values(STATUS))].filter((s) => s >= 400);
  return {
    schemas: componentSchemas(),
    responses: Object.fromEntries(statuses.map((s) => [`Error${s}`, errorResponse(s)])),
    parameters,
    securitySchemes,
  };
}
