import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import './request-types.ts';

/**
 * One log line per request, written when the response finishes. Only the
 * method, the path without its query, the status and the caller's kind are
 * logged: headers (Authorization, Cookie, Upload-Ticket, device signatures)
 * and query strings (cursors, tickets) never are.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () => {
      log.info(
        {
          request_id: req.requestId,
          method: req.method,
          // originalUrl: routers mounted under a prefix rewrite req.url while they run.
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          actor: req.principal?.kind,
          ms: Math.round(performance.now() - started),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    next();
  };
}
