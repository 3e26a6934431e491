import type { Request } from 'express';
import { DomainError } from '../core/errors.ts';

/** Reads the whole request body, refusing (too_large) past maxBytes so a small JSON endpoint cannot be flooded. */
export async function readRawBody(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(req.get('content-length'));
  if (declared > maxBytes) throw new DomainError('too_large', `The request body is larger than ${maxBytes} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buf.length;
    if (size > maxBytes) {
      // Drain the rest so the 413 reaches a client still sending, rather than a reset connection.
      req.resume();
      throw new DomainError('too_large', `The request body is larger than ${maxBytes} bytes.`);
    }
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
