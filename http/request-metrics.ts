import type { RequestHandler } from 'express';
import type { Histogram } from 'prom-client';

/**
 * Times every request into the HTTP latency histogram, labelled by the
 * matched route record's path (`/api/v2/jobs/{jobId}`), never the raw path, so ids do
 * not multiply the series; a request no route matched counts as `unmatched`.
 */
export function requestMetrics(http: Histogram<'method' | 'route' | 'status'>): RequestHandler {
  return (req, res, next) => {
    const stop = http.startTimer();
    res.once('close', () => {
      // Set by the route dispatcher (http/route-dispatch.ts) from the matched record; tRPC and the 404 have none.
      const pattern: unknown = res.locals.routePath;
      const route = typeof pattern === 'string' ? pattern : 'unmatched';
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
