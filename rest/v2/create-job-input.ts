/**
 * POST /api/v2/jobs accepts three bodies, each mapped to a core operation:
 * JSON with `url` (create_job_from_url), JSON with `content_base64` and
 * multipart/form-data with a `file` part (both create_job_from_upload).
 */
import type { Request, RequestHandler } from 'express';
import { streamSource } from '../../core/blobs/blob-source.ts';
import type { Services } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import { openMultipartUpload } from '../../http/multipart-upload.ts';
import { uploadBytesFor } from '../../core/transport-limits.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Idempotency-Key header wins over a body field of the same meaning. */
function idempotencyKey(req: Request, body: Record<string, unknown>): unknown {
  return req.get('idempotency-key') ?? body.idempotency_key;
}

/** A JSON body as raw operation input. */
export function jsonInput(req: Request): Record<string, unknown> {
  const body = isRecord(req.body) ? req.body : {};
  return { ...body, idempotency_key: idempotencyKey(req, body) };
}

/** A multipart body as raw create_job_from_upload input, the file part as its BlobSource (read as it arrives). */
export const multipartInput = (services: Pick<Services, 'config'>) => async (req: Request): Promise<Record<string, unknown>> => {
  const session = openMultipartUpload(req, { maxFileBytes: uploadBytesFor(services.config, req.principal!), drain: services.config.refusedBodyDrain });
  // An early answer (slots full, over the cap, bad field) drains the rest of the body instead of reading it.
  req.res?.once('finish', () => {
    if (!req.complete) session.discard();
  });
  const { fields, body, fileName } = await session.upload;
  const options = fields.options === undefined ? {} : { options: jsonField('options', fields.options) };
  return { file_name: fileName, ...fields, ...options, file: streamSource(body), idempotency_key: idempotencyKey(req, fields) };
};

/** A multipart field that carries JSON (the options object), parsed; core's schema then checks it. */
function jsonField(name: string, value: string | string[]): unknown {
  try {
    if (typeof value === 'string') return JSON.parse(value);
  } catch {
    // Reported below.
  }
  throw new DomainError('bad_input', `The field ${name} must hold one JSON object, e.g. {"page_markers": true}.`);
}

/** Routes a creation to the handler for its body. */
export function pickCreate(h: { fromUrl: RequestHandler; fromBase64: RequestHandler; fromMultipart: RequestHandler }): RequestHandler {
  return (req, res, next) => {
    if (req.is('multipart/form-data')) return h.fromMultipart(req, res, next);
    if (!req.is('application/json')) {
      throw new DomainError('bad_input', 'Send JSON ({"url": ...}) or multipart/form-data with a "file" part.');
    }
    const body = isRecord(req.body) ? req.body : {};
    if ('url' in body) return h.fromUrl(req, res, next);
    if ('content_base64' in body) return h.fromBase64(req, res, next);
    throw new DomainError('bad_input', 'Send "url" (a link to a PDF) or "content_base64", or upload the file as multipart/form-data.');
  };
}
