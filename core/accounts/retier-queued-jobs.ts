/**
 * A plan change reaches the jobs still waiting: an account's queued jobs move
 * to the new tier's pool, their priority moves by the difference of the two
 * base priorities (so a v1 device's per-day adjustment is kept), and they get
 * the new time budget and retention. Jobs already running keep the budget
 * they started with, and finished jobs keep their retention: what a job was
 * promised when it started does not change under it. v1-lane jobs keep the
 * v1 processing limit, whatever the tier.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import { TierName, type Tiers } from '../tiers.ts';

/** Re-tiers the account's queued jobs; returns the pools they now wait in. */
export async function retierQueuedJobs(db: Db, tiers: Tiers, accountId: string, tier: TierName): Promise<('free' | 'paid')[]> {
  const t = tiers[tier];
  const oldBase = sql.join(
    [sql`CASE tier`, ...TierName.options.map((name) => sql`WHEN ${name} THEN ${tiers[name].priority}::int`), sql`ELSE 0 END`],
    sql` `,
  ) as SQL;
  const moved = await rows<{ pool: 'free' | 'paid' }>(
    db,
    sql`UPDATE jobs SET tier = ${tier}, pool = ${t.pool},
          priority = priority - (${oldBase}) + ${t.priority}::int,
          time_budget_ms = CASE WHEN lane = 'v1' THEN time_budget_ms ELSE ${t.timeBudgetMs}::int END,
          on_budget = CASE WHEN lane = 'v1' THEN on_budget ELSE ${t.onBudget} END,
          retention_seconds = ${t.retentionSeconds}::int
        WHERE account_id = ${accountId} AND status = 'queued' AND deleted_at IS NULL AND tier <> ${tier}
        RETURNING pool`,
  );
  return [...new Set(moved.map((r) => r.pool))];
}
