/**
 * GET /metrics in the Prometheus text format, when P2M_METRICS=true (open) or
 * P2M_METRICS_TOKEN is set (then only with `Authorization: Bearer <token>`,
 * compared in constant time). Off, the path is an ordinary 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { OpsConfig } from '../core/ops-config.ts';
import type { Metrics } from '../core/metrics/metrics.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function createMetricsRouter(ops: OpsConfig, metrics: Metrics): Router {
  const r = Router();
  if (ops.metrics.kind === 'off') return r;
  const expected = ops.metrics.kind === 'token' ? digest(`Bearer ${ops.metrics.token}`) : null;
  r.get('/metrics', async (req, res) => {
    if (expected && !timingSafeEqual(digest(req.get('authorization') ?? ''), expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('metrics token required\n');
      return;
    }
    res.set('Cache-Control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return r;
}
