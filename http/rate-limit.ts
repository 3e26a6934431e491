import type { RequestHandler } from 'express';
import type { Services } from '../core/context.ts';
import { consumeRate } from '../core/ratelimit/consume-rate.ts';
import './request-types.ts';

/**
 * Spends one request from the caller's budget (core/ratelimit decides). Must
 * follow authenticate(): the budget is per key, device or session.
 */
export function rateLimit(services: Services): RequestHandler {
  return async (req, _res, next) => {
    if (!req.principal) throw new Error('rateLimit() needs authenticate() before it');
    await consumeRate({ ...services, principal: req.principal });
    next();
  };
}
