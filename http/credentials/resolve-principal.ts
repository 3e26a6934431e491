import type { Request } from 'express';
import type { Services } from '../../core/context.ts';
import type { Principal } from '../../core/principal.ts';
import { V2_RESOLVERS } from './authenticate.ts';
import type { PrincipalResolver } from './api-key-bearer.ts';

/**
 * The principal of the first resolver that recognises the request, or null
 * when none does; a bad credential throws (unauthenticated). For transports
 * that authenticate outside Express middleware (tRPC's context).
 */
export async function resolvePrincipal(
  req: Request,
  services: Services,
  resolvers: readonly PrincipalResolver[] = V2_RESOLVERS,
): Promise<Principal | null> {
  for (const resolve of resolvers) {
    const principal = await resolve(req, services);
    if (principal) return principal;
  }
  return null;
}
