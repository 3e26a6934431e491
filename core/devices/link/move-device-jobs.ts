/**
 * Moving a device's jobs between owners when it is linked or unlinked. Slots
 * are counted by owner_key (core/jobs/slots.ts), so a job's slot moves with
 * its owner_key in the same statement: the counts of both owners are exact at
 * every commit. Moved jobs take the new owner's tier, pool and priority base
 * (a v1 job keeps its per-device runs component: priority − old base + new
 * base, see core/jobs/priority.ts); unfinished ones its retention, and queued
 * v2 ones its time budget (v1 jobs keep the v1 lane's). A running job keeps
 * running, and takes the new pool should it ever be queued again.
 *
 * An Idempotency-Key is unique per owner_key: a moved job whose key the new
 * owner already uses loses its key instead of failing the move.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rows } from '../../../db/rows.ts';
import { ACTIVE_STATUSES } from '../../jobs/job-status.ts';
import type { TierName, Tiers } from '../../tiers.ts';

const ACTIVE = sql.raw(ACTIVE_STATUSES.map((s) => `'${s}'`).join(', '));

/** The priority base of the tier a job row records. */
function baseOf(tiers: Tiers): SQL {
  const cases = Object.entries(tiers).map(([name, t]) => sql`when ${name} then ${t.priority}::int`);
  return sql`(case tier ${sql.join(cases, sql` `)} else 0 end)`;
}

function ownerColumns(tiers: Tiers, to: { ownerKey: string; tier: TierName }): SQL {
  const t = tiers[to.tier];
  return sql`owner_key = ${to.ownerKey}, tier = ${to.tier}, pool = ${t.pool},
    priority = priority - ${baseOf(tiers)} + ${t.priority}::int,
    retention_seconds = case when status in (${ACTIVE}) then ${t.retentionSeconds}::int else retention_seconds end,
    time_budget_ms = case when status = 'queued' and lane = 'v2' then ${t.timeBudgetMs}::int else time_budget_ms end,
    on_budget = case when status = 'queued' and lane = 'v2' then ${t.onBudget} else on_budget end,
    idempotency_key = case when idempotency_key is not null and exists (
        select 1 from jobs o where o.owner_key = ${to.ownerKey} and o.idempotency_key = jobs.idempotency_key)
      then null else idempotency_key end`;
}

/** Serialises with job creation (job-admission.ts insertJob locks the owner key), in one fixed order so two moves cannot deadlock. */
export async function lockOwners(tx: Db, ownerKeys: string[]): Promise<void> {
  for (const key of [...ownerKeys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Every live job the device made anonymously becomes the account's (owner_type account_device). Returns how many. */
export async function moveDeviceJobsToAccount(
  tx: Db,
  tiers: Tiers,
  m: { deviceId: string; accountId: string; tier: TierName },
): Promise<number> {
  const moved = await rows<{ id: string }>(
    tx,
    sql`update jobs set owner_type = 'account_device', account_id = ${m.accountId},
          ${ownerColumns(tiers, { ownerKey: `account:${m.accountId}`, tier: m.tier })}
        where owner_key = ${`device:${m.deviceId}`} and device_id = ${m.deviceId} and deleted_at is null
        returning id`,
  );
  return moved.length;
}

/**
 * The device's active jobs on the account go back to the device, anonymous
 * (owner_type device). Finished ones stay with the account that paid for
 * them; the device still sees them, as it sees every job it made.
 */
export async function moveActiveJobsToDevice(tx: Db, tiers: Tiers, m: { deviceId: string; accountId: string }): Promise<number> {
  const moved = await rows<{ id: string }>(
    tx,
    sql`update jobs set owner_type = 'device', account_id = null,
          ${ownerColumns(tiers, { ownerKey: `device:${m.deviceId}`, tier: 'anonymous' })}
        where owner_key = ${`account:${m.accountId}`} and device_id = ${m.deviceId}
          and status in (${ACTIVE}) and deleted_at is null
        returning id`,
  );
  return moved.length;
}
