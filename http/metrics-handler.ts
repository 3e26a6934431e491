/**
 * GET /metrics in the Prometheus text format, when P2M_METRICS=true (open) or
 * P2M_METRICS_TOKEN is set (then only with `Authorization: Bearer <token>`,
 * compared in constant time). Off, the request goes on to the 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Runtime } from '../core/runtime.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function metricsHandler(runtime: Pick<Runtime, 'config' | 'metrics'>): RequestHandler {
  const { metrics: setting } = runtime.config.ops;
  const expected = setting.kind === 'token' ? digest(`Bearer ${setting.token}`) : null;
  return async (req, res, next) => {
    if (setting.kind === 'off') return next();
    if (expected && !timingSafeEqual(digest(req.get('authorization') ?? ''), expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('metrics token required\n');
      return;
    }
    res.set('Cache-Control', 'no-store').type(runtime.metrics.registry.contentType).send(await runtime.metrics.registry.metrics());
  };
}
