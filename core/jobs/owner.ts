/**
 * Ownership: who a new job belongs to, and which jobs a caller may see.
 * Jobs of an account are visible to all of its keys and sessions; a device
 * sees the jobs it created.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { jobs } from '../../db/schema.ts';
import { ownerKeyOf, type Principal } from '../principal.ts';
import type { TierName } from '../tiers.ts';

export type Owner = {
  ownerType: 'device' | 'account_device' | 'api_key';
  ownerKey: string;
  accountId: string | null;
  deviceId: string | null;
  apiKeyId: string | null;
  tier: TierName;
  lane: 'v1' | 'v2';
};

export function ownerOf(p: Principal): Owner {
  const ownerKey = ownerKeyOf(p);
  switch (p.kind) {
    case 'api_key':
      return { ownerType: 'api_key', ownerKey, accountId: p.accountId, deviceId: null, apiKeyId: p.keyId, tier: p.tier, lane: 'v2' };
    case 'session':
      return { ownerType: 'api_key', ownerKey, accountId: p.accountId, deviceId: null, apiKeyId: null, tier: p.tier, lane: 'v2' };
    case 'device':
      return {
        ownerType: p.accountId ? 'account_device' : 'device',
        ownerKey,
        accountId: p.accountId,
        deviceId: p.deviceId,
        apiKeyId: null,
        tier: p.tier,
        lane: 'v1',
      };
    case 'upload_ticket':
      // A ticketed upload is a v2 job of the linked device, on its account's slots and tier.
      return { ownerType: 'account_device', ownerKey, accountId: p.accountId, deviceId: p.deviceId, apiKeyId: null, tier: p.tier, lane: 'v2' };
    case 'anonymous':
      throw new Error('An anonymous caller owns no jobs.');
  }
}

/** A filter for the jobs the principal may see. */
export function visibleTo(p: Principal): SQL {
  // A device sees the jobs it made, whether it acts by signature or through a ticket.
  if (p.kind === 'anonymous') return sql`false`;
  return p.kind === 'device' || p.kind === 'upload_ticket' ? eq(jobs.deviceId, p.deviceId) : eq(jobs.accountId, p.accountId);
}

export function jobVisibleTo(p: Principal, id: string): SQL {
  return and(eq(jobs.id, id), visibleTo(p))!;
}
