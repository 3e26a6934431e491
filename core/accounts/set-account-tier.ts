/**
 * Moves an account to a tier, live: the account row and its queued jobs
 * change in one transaction. Every request reads the tier afresh (API keys,
 * sessions and devices join the account; the embedded server's key cache is
 * emptied by the accounts trigger before the statement returns), so limits,
 * slots, rate budgets and caps change on the very next request.
 */
import { and, eq, ne } from 'drizzle-orm';
import { inTransaction } from '../../db/in-transaction.ts';
import type { Db } from '../../db/database.ts';
import { accounts } from '../../db/schema.ts';
import type { Services } from '../context.ts';
import type { TierName } from '../tiers.ts';
import { retierQueuedJobs } from './retier-queued-jobs.ts';

export type TierChange = { changed: boolean; pools: ('free' | 'paid')[] };

/** Within a transaction the caller holds: the account and its queued jobs. */
export async function setAccountTierIn(tx: Db, s: Pick<Services, 'config'>, accountId: string, tier: TierName): Promise<TierChange> {
  const updated = await tx
    .update(accounts)
    .set({ tier })
    .where(and(eq(accounts.id, accountId), ne(accounts.tier, tier)))
    .returning({ id: accounts.id });
  if (updated.length === 0) return { changed: false, pools: [] };
  return { changed: true, pools: await retierQueuedJobs(tx, s.config.tiers, accountId, tier) };
}

/** In its own transaction, then wakes the workers of the pools the queued jobs moved to. */
export async function setAccountTier(
  s: Pick<Services, 'db' | 'config'> & Partial<Pick<Services, 'wake'>>,
  accountId: string,
  tier: TierName,
): Promise<TierChange> {
  const change = await inTransaction(s.db, (tx) => setAccountTierIn(tx, s, accountId, tier));
  for (const pool of change.pools) s.wake?.(pool);
  return change;
}
