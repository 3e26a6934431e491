import type { RequestHandler } from 'express';
import type { Services } from '../../core/context.ts';
import { DomainError, isDomainError } from '../../core/errors.ts';
import '../request-types.ts';
import { apiKeyBearer, type PrincipalResolver } from './api-key-bearer.ts';
import { sessionCookie } from './session-cookie.ts';

/**
 * Resolvers of the v2 API, tried in order: an API key, then the web session
 * (cookie p2m_session). A request carrying both acts as the key. Core refuses
 * a session on API-key-only operations (api_key_required).
 */
export const V2_RESOLVERS: readonly PrincipalResolver[] = [apiKeyBearer, sessionCookie];

const CHALLENGE = 'Bearer realm="p2m"';

/**
 * Sets req.principal from the first resolver that recognises the request.
 * None → 401 unauthenticated with a Bearer challenge; a bad credential → 401
 * with error="invalid_token" (RFC 6750).
 */
export function authenticate(services: Services, resolvers: readonly PrincipalResolver[] = V2_RESOLVERS): RequestHandler {
  return async (req, res, next) => {
    for (const resolve of resolvers) {
      let principal;
      try {
        principal = await resolve(req, services);
      } catch (err) {
        if (isDomainError(err) && err.code === 'unauthenticated') {
          res.setHeader('WWW-Authenticate', `${CHALLENGE}, error="invalid_token"`);
        }
        throw err;
      }
      if (principal) {
        req.principal = principal;
        return next();
      }
    }
    res.setHeader('WWW-Authenticate', CHALLENGE);
    throw new DomainError('unauthenticated', 'Send an API key (Authorization: Bearer p2m_...) or sign in.');
  };
}
