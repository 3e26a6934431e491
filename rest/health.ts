import { readiness } from '../core/ops/readiness.ts';
import { metricsHandler } from '../http/metrics-handler.ts';
import type { Route } from '../http/route.ts';

/**
 * Probes for orchestrators. They speak plain status codes rather than the
 * API's error envelope, so /readyz answers 503 itself when the database is
 * unreachable instead of going through a DomainError. Not part of the API
 * description (doc null).
 */
export const HEALTH_ROUTES: readonly Route[] = [
  { method: 'get', path: '/healthz', auth: 'none', operations: [], doc: null, handlers: () => [(_req, res) => void res.json({ status: 'ok' })] },
  {
    method: 'get',
    path: '/readyz',
    auth: 'none',
    operations: [],
    doc: null,
    handlers: (services) => [
      // Says which dependency fails: {"status":"unavailable","checks":{"database":"ok","blobs":"the bucket … does not exist …"}}.
      async (_req, res) => {
        const { ready, checks } = await readiness(services);
        if (!ready) services.log.warn({ checks }, 'readiness check failed');
        res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
      },
    ],
  },
  // Prometheus, behind P2M_METRICS or P2M_METRICS_TOKEN (core/ops-config.ts); off, a 404.
  { method: 'get', path: '/metrics', auth: 'none', operations: [], doc: null, handlers: (runtime) => [metricsHandler(runtime)] },
];
