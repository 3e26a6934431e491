import { Router } from 'express';
import { readiness } from '../core/ops/readiness.ts';
import type { Runtime } from '../core/runtime.ts';

/**
 * Probes for orchestrators. They speak plain status codes rather than the
 * API's error envelope, so /readyz answers 503 itself when the database is
 * unreachable instead of going through a DomainError.
 */
export function createHealthRouter(services: Parameters<typeof readiness>[0] & Pick<Runtime, 'log'>): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  // Says which dependency fails: {"status":"unavailable","checks":{"database":"ok","blobs":"the bucket … does not exist …"}}.
  r.get('/readyz', async (_req, res) => {
    const { ready, checks } = await readiness(services);
    if (!ready) services.log.warn({ checks }, 'readiness check failed');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
  });
  return r;
}
