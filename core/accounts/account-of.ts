import { DomainError } from '../errors.ts';
import type { Principal } from '../principal.ts';

/**
 * The account a principal acts for: a key's or session's account, a linked
 * device's account (also through its upload ticket). An unlinked device has
 * none: not_linked (403), which is what account-side operations answer it.
 */
export function accountIdOf(p: Principal): string {
  if (p.accountId === null) {
    throw new DomainError('not_linked', 'This device is not linked to an account; link it first (POST /api/v2/account/link/start).');
  }
  return p.accountId;
}
