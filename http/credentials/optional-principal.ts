import type { Request } from 'express';
import type { Services } from '../../core/context.ts';
import { isDomainError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import { V2_RESOLVERS } from './authenticate.ts';

/**
 * The caller of a route that is open to everyone but answers a signed-in
 * caller differently (billing plans, checkout): the principal of the first v2
 * credential the request carries, or null. A credential that does not verify
 * counts as none when `invalid` is 'anonymous' (a stale cookie must not break
 * a public page), and is refused when it is 'refuse'.
 */
export async function optionalPrincipal(
  req: Request,
  services: Services,
  invalid: 'anonymous' | 'refuse',
): Promise<Principal | null> {
  for (const resolve of V2_RESOLVERS) {
    try {
      const principal = await resolve(req, services);
      if (principal) return principal;
    } catch (err) {
      if (invalid === 'anonymous' && isDomainError(err) && err.code === 'unauthenticated') return null;
      throw err;
    }
  }
  return null;
}
