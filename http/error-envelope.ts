import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';
import { STATUS, type DomainError } from '../core/errors.ts';
import './request-types.ts';
import { writeRateHeaders } from './rate-headers.ts';
import { drainRefusedBody, type RefusedBodyDrain } from './refused-body.ts';
import { toDomainError } from './to-domain-error.ts';

/** Writes a failure's body in a transport's own shape; the status and headers are already set. */
export type FailureBody = (res: Response, e: DomainError, req: Request) => void;

/**
 * The error handling every transport shares: any failure as a DomainError,
 * unknown ones logged with their stack (and answered as `internal`),
 * `STATUS[code]`, Retry-After and the RateLimit header fields on rate_limited,
 * and a closed connection for a request whose body was refused unread. Only
 * the body differs (REST's envelope, MCP's JSON-RPC error).
 */
export function failureHandler(log: Logger, logMessage: string, writeBody: FailureBody, drain: RefusedBodyDrain): ErrorRequestHandler {
  return (err, req, res, next) => {
    const e = toDomainError(err);
    if (e.code === 'internal') log.error({ err, request_id: req.requestId }, logMessage);
    // Mid-stream (a download that broke): the status is gone; Express's default handler drops the connection.
    if (res.headersSent) return next(err);
    if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
    if (e.rate) writeRateHeaders(res, e.rate);
    // An upload refused before it was read (slots full, over the cap): the rest is
    // drained within bounds, then the connection drops (refused-body.ts).
    if (!req.complete) drainRefusedBody(req, drain);
    res.status(STATUS[e.code]);
    writeBody(res, e, req);
  };
}

/** The HTTP app's error handler: the body `{"error":{"code","message","request_id"}}`. */
export function errorHandler(log: Logger, drain: RefusedBodyDrain): ErrorRequestHandler {
  return failureHandler(
    log,
    'unhandled error',
    (res, e, req) => void res.json({ error: { code: e.code, message: e.message, request_id: req.requestId } }),
    drain,
  );
}
