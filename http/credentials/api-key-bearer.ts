import type { Request } from 'express';
import type { Services } from '../../core/context.ts';
import { authenticateApiKey } from '../../core/keys/authenticate-api-key.ts';
import type { Principal } from '../../core/principal.ts';

/**
 * How a transport turns a request into a principal. A resolver returns null
 * when the request does not use its scheme (so the next one may try) and
 * throws unauthenticated when it does but the credential is bad.
 */
export type PrincipalResolver = (req: Request, services: Services) => Promise<Principal | null>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** `Authorization: Bearer p2m_...` → the API key's principal. */
export const apiKeyBearer: PrincipalResolver = async (req, services) => {
  const header = req.get('authorization');
  const secret = header ? BEARER.exec(header)?.[1] : undefined;
  if (secret === undefined) return null;
  return authenticateApiKey(services.db, secret, services.apiKeyCache, services.config.readBatchMax);
};
