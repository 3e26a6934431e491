/**
 * Middleware of every signed v1 route: authenticates the device (core does
 * the checking) over the exact body bytes and sets req.principal and, for JSON, req.body.
 *
 * JSON and empty bodies are read whole (bounded) and hashed. A multipart
 * upload is not read here: the signature is checked over the declared hash,
 * and the upload route hashes the bytes while they stream to storage and
 * refuses the job if they differ (see http/multipart-upload.ts).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { authenticateDevice } from '../../core/devices/authenticate-device.ts';
import { AUTH_SCHEME, HEADERS } from '../../core/devices/signing/headers.ts';
import { isDomainError } from '../../core/errors.ts';
import type { ReceivedBody } from '../../core/devices/signing/verify-device-signature.ts';
import type { Runtime } from '../../core/runtime.ts';
import '../request-types.ts';
import { parseJsonBody, readRawBody } from '../read-raw-body.ts';

/** Largest JSON body of a signed request (a URL, or a settings object). */
export const JSON_BODY_LIMIT = 64 * 1024;

export const isMultipart = (req: Request) => req.is('multipart/form-data') === 'multipart/form-data';

/** The challenge of a refused device request (RFC 9110 §11.6.1: every 401 names the scheme to use). */
export const DEVICE_CHALLENGE = `${AUTH_SCHEME} realm="p2m"`;

/** Sets the device challenge on a 401 and rethrows. */
export function challengeDevice(res: Response, err: unknown): never {
  if (isDomainError(err) && err.code === 'unauthenticated') res.setHeader('WWW-Authenticate', DEVICE_CHALLENGE);
  throw err;
}

export function deviceAuth(runtime: Runtime): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const declared = req.get(HEADERS.contentSha256);
    const streamed = isMultipart(req);
    const bytes = streamed ? null : await readRawBody(req, JSON_BODY_LIMIT);
    const body: ReceivedBody = bytes ? { bytes } : { sha256: declared ?? '' };
    req.principal = await authenticateDevice(runtime, {
      authorization: req.get(HEADERS.authorization),
      method: req.method,
      pathWithQuery: req.originalUrl,
      timestamp: req.get(HEADERS.timestamp),
      nonce: req.get(HEADERS.nonce),
      bodySha256: declared,
      signature: req.get(HEADERS.signature),
      body,
    }).catch((err: unknown) => challengeDevice(res, err));
    // Parsed only now: nothing unauthenticated is interpreted. Core validates it with zod.
    req.body = bytes ? parseJsonBody(bytes) : undefined;
    res.locals.streamedSha256 = streamed ? declared : null;
    next();
  };
}

/** For a multipart request behind deviceAuth: the signed hash its streamed bytes must match; else null. */
export function streamedSha256Of(res: Response): string | null {
  const v: unknown = res.locals.streamedSha256;
  return typeof v === 'string' ? v : null;
}
