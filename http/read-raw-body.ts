import type { Request } from 'express';
import { DomainError } from '../core/errors.ts';

/** An API JSON body over its cap: usually a base64 file, which has better ways in. */
export const JSON_UPLOAD_TOO_LARGE = (maxBytes: number) =>
  `The request body is larger than ${maxBytes} bytes (max_json_body_size in GET /api/v2/limits). Send a larger PDF as multipart/form-data (POST /api/v2/jobs with a "file" part) or, from a linked device, with an upload ticket; not as base64 JSON.`;

const plainTooLarge = (maxBytes: number) => `The request body is larger than ${maxBytes} bytes.`;

/** Reads the whole request body, refusing (too_large) past maxBytes so a small JSON endpoint cannot be flooded. */
export async function readRawBody(req: Request, maxBytes: number, tooLargeMessage = plainTooLarge): Promise<Uint8Array> {
  const declared = Number(req.get('content-length'));
  if (declared > maxBytes) throw new DomainError('too_large', tooLargeMessage(maxBytes));
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early must not destroy the request: the error handler drains the rest (refused-body.ts).
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buf.length;
    if (size > maxBytes) throw new DomainError('too_large', tooLargeMessage(maxBytes));
    chunks.push(buf);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Parses body bytes as JSON; an empty body is `undefined`. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new DomainError('bad_input', 'The request body is not valid JSON.');
  }
}
