/**
 * The caller of an open route: the v2 credential it carries when a route
 * answers signed-in callers differently (plans, checkout), else the
 * anonymous principal of its client address. req.ip honours the app's trust
 * proxy setting, so behind a proxy this is the client's address.
 */
import type { Request, RequestHandler } from 'express';
import type { Services } from '../../core/context.ts';
import type { Principal } from '../../core/principal.ts';
import '../request-types.ts';
import { optionalPrincipal } from './optional-principal.ts';

/** The anonymous principal of a request. */
export const anonymousOf = (req: Request): Principal => ({
  kind: 'anonymous',
  address: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  accountId: null,
  tier: 'anonymous',
});

/** Sets req.principal to the anonymous caller. */
export const anonymous: RequestHandler = (req, _res, next) => {
  req.principal = anonymousOf(req);
  next();
};

/**
 * A credential if the request carries one, else anonymous. A credential that
 * does not verify counts as none when `invalid` is 'anonymous' (a stale
 * cookie must not break a public page) and is refused (401) when 'refuse'.
 */
export function credentialOrAnonymous(services: Services, invalid: 'anonymous' | 'refuse'): RequestHandler {
  return async (req, _res, next) => {
    req.principal = (await optionalPrincipal(req, services, invalid)) ?? anonymousOf(req);
    next();
  };
}
