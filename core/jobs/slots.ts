import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobs } from '../../db/schema.ts';
import { ACTIVE_STATUSES } from './job-status.ts';

export { ACTIVE_STATUSES };

export type SlotUsageValue = { used: number; limit: number; free: number };

/** Active jobs of one owner (see ownerKeyOf). */
export async function countActive(db: Db, ownerKey: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.ownerKey, ownerKey), inArray(jobs.status, [...ACTIVE_STATUSES]), isNull(jobs.deletedAt)));
  return row?.n ?? 0;
}

export async function slotUsage(db: Db, ownerKey: string, limit: number): Promise<SlotUsageValue> {
  const used = await countActive(db, ownerKey);
  return { used, limit, free: Math.max(0, limit - used) };
}
