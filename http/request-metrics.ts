import type { RequestHandler } from 'express';
import type { Histogram } from 'prom-client';

/**
 * Times every request into the HTTP latency histogram, labelled by the
 * matched route pattern (`/api/v2/jobs/:id`), never the raw path, so ids do
 * not multiply the series; a request no route matched counts as `unmatched`.
 */
export function requestMetrics(http: Histogram<'method' | 'route' | 'status'>): RequestHandler {
  return (req, res, next) => {
    const stop = http.startTimer();
    res.once('close', () => {
      const pattern = (req.route as { path?: unknown } | undefined)?.path;
      const route = typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : 'unmatched';
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
