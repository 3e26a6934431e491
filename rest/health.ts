import { Router } from 'express';
import { sql } from 'drizzle-orm';
import type { Services } from '../core/context.ts';

/**
 * Probes for orchestrators. They speak plain status codes rather than the
 * API's error envelope, so /readyz answers 503 itself when the database is
 * unreachable instead of going through a DomainError.
 */
export function createHealthRouter(services: Pick<Services, 'db' | 'log'>): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  r.get('/readyz', async (_req, res) => {
    try {
      await services.db.execute(sql`select 1`);
      res.json({ status: 'ready' });
    } catch (err) {
      services.log.warn({ err }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable' });
    }
  });
  return r;
}
