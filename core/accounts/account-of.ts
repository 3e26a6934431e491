import { DomainError } from '../errors.ts';
import type { Principal } from '../principal.ts';

/**
 * The account a caller acts for. Account-side operations (API keys, webhooks,
 * billing) are open to a session, an API key, or a device linked to an
 * account; an anonymous device has no account to act for.
 */
export function accountIdOf(p: Principal): string {
  if (p.accountId !== null) return p.accountId;
  throw new DomainError('not_linked', 'This device is not linked to an account; link it first (POST /api/v2/account/link/start).');
}
