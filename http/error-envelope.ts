import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { STATUS } from '../core/errors.ts';
import './request-types.ts';
import { writeRateHeaders } from './rate-headers.ts';
import { toDomainError } from './to-domain-error.ts';

/**
 * The one error handler of the HTTP app. Every failure becomes
 * `STATUS[code]` with the body `{"error":{"code","message","request_id"}}`;
 * rate_limited adds Retry-After and the RateLimit header fields. Unknown errors are logged with their stack
 * and answered as a bare 500 `internal`.
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    const e = toDomainError(err);
    if (e.code === 'internal') log.error({ err, request_id: req.requestId }, 'unhandled error');
    // Mid-stream (a download that broke): the status is gone; Express's default handler drops the connection.
    if (res.headersSent) return next(err);
    if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
    if (e.rate) writeRateHeaders(res, e.rate);
    // An upload refused before it was read (slots full, over the cap): close
    // rather than let Node read and discard the rest of the body.
    if (!req.complete) res.setHeader('Connection', 'close');
    res.status(STATUS[e.code]).json({ error: { code: e.code, message: e.message, request_id: req.requestId } });
  };
}
