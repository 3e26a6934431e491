/**
 * Who is calling. Each transport builds one from its own authentication and
 * hands it to core; core decides what it may do.
 */
import type { Scope } from './scopes.ts';
import type { TierName } from './tiers.ts';

export type Principal =
  | { kind: 'api_key'; accountId: string; keyId: string; scopes: readonly Scope[]; tier: TierName }
  | { kind: 'session'; accountId: string; sessionId: string; tier: TierName }
  | { kind: 'device'; deviceId: string; accountId: string | null; tier: TierName }
  /**
   * An Upload-Ticket header: the linked device that minted the ticket, acting
   * only through it (one upload, under the ticket's tier and byte cap, which
   * were fixed when it was minted).
   */
  | { kind: 'upload_ticket'; ticketId: string; deviceId: string; accountId: string; tier: TierName; maxBytes: number }
  /**
   * A caller with no credential (registration, client config, sign-in,
   * plans, an anonymous checkout), known only by its client address (the
   * gateway's req.ip, which honours P2M_TRUST_PROXY). Its rate policy is the
   * operation's address budgets (core/ratelimit/address-budgets.ts).
   */
  | { kind: 'anonymous'; address: string; accountId: null; tier: 'anonymous' };

export type PrincipalKind = Principal['kind'];

/** Sessions and devices act for their owner in full; API keys only within their scopes. */
export function hasScope(p: Principal, scope: Scope): boolean {
  return p.kind === 'api_key' ? p.scopes.includes(scope) : true;
}

/** The device acting, directly or through its upload ticket; null for keys and sessions. */
export function deviceIdOf(p: Principal): string | null {
  return p.kind === 'device' || p.kind === 'upload_ticket' ? p.deviceId : null;
}

/** Whose slots a principal's jobs use: the account when there is one, else the device. */
export function ownerKeyOf(p: Principal): string {
  if (p.kind === 'anonymous') throw new Error('An anonymous caller owns no jobs.');
  if (p.kind === 'device' && p.accountId === null) return `device:${p.deviceId}`;
  return `account:${p.accountId}`;
}
