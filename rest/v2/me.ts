import { Router } from 'express';
import type { Services } from '../../core/context.ts';
import { getMe, getUsage } from '../../core/operations.ts';
import { restAdapter } from '../rest-handler.ts';
import { v2Guard } from './guard.ts';

/** GET /api/v2/me and GET /api/v2/usage: the caller's account and its fair-use progress (API key or session). */
export function createMeRouter(services: Services): Router {
  const rest = restAdapter(services);
  const r = Router();
  r.get('/api/v2/me', v2Guard(services), rest(getMe, () => ({})));
  r.get('/api/v2/usage', v2Guard(services), rest(getUsage, () => ({})));
  return r;
}
