import type { RequestHandler } from 'express';
import type { Services } from '../core/context.ts';
import { assertRateLeft } from '../core/ratelimit/consume-rate.ts';
import './request-types.ts';

/**
 * Refuses a request whose caller has no budget left before its body is read,
 * charging nothing: invoke() charges each operation call. Put it after
 * authenticate() on routes that take large bodies, so a limited caller
 * cannot make the server read megabytes only to refuse them.
 */
export function rateGate(services: Services): RequestHandler {
  return async (req, _res, next) => {
    if (!req.principal) throw new Error('rateGate() needs authenticate() before it');
    await assertRateLeft({ ...services, principal: req.principal });
    next();
  };
}
