import { Router } from 'express';
import type { Services } from '../../core/context.ts';
import { getLimits } from '../../core/operations.ts';
import { restAdapter } from '../rest-handler.ts';
import { v2Guard } from './guard.ts';

/** GET /api/v2/limits: the caller's tier, limits and slot usage. */
export function createLimitsRouter(services: Services): Router {
  const rest = restAdapter(services);
  const r = Router();
  r.get('/api/v2/limits', v2Guard(services), rest(getLimits, () => ({})));
  return r;
}
