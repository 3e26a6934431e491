import { sql } from 'drizzle-orm';
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
      async (_req, res) => {
        try {
          await services.db.execute(sql`select 1`);
          res.json({ status: 'ready' });
        } catch (err) {
          services.log.warn({ err }, 'readiness check failed');
          res.status(503).json({ status: 'unavailable' });
        }
      },
    ],
  },
];
