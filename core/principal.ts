/**
 * Who is calling. Each transport builds one from its own authentication and
 * hands it to core; core decides what it may do.
 */
import type { Scope } from './scopes.ts';
import type { TierName } from './tiers.ts';

export type Principal =
  | { kind: 'api_key'; accountId: string; keyId: string; scopes: readonly Scope[]; tier: TierName }
  | { kind: 'session'; accountId: string; sessionId: string; tier: TierName }
  | { kind: 'device'; deviceId: string; accountId: string | null; tier: TierName };

export type PrincipalKind = Principal['kind'];

/** Sessions and devices act for their owner in full; API keys only within their scopes. */
export function hasScope(p: Principal, scope: Scope): boolean {
  return p.kind === 'api_key' ? p.scopes.includes(scope) : true;
}

/** Whose slots a principal's jobs use: the account when there is one, else the device. */
export function ownerKeyOf(p: Principal): string {
  if (p.kind === 'device' && p.accountId === null) return `device:${p.deviceId}`;
  return `account:${p.accountId}`;
}
