/**
 * Queue priority. Paid tiers run in their own pool with a higher base. On the
 * v1 lane, light users go before heavy ones: a device's priority drops with the
 * number of runs it made today with the same converter, counted with a floor
 * of 4 so the first few runs of the day are all equal:
 *
 *   priority = tier base − max(4, runs today with this converter)
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import type { Owner } from './owner.ts';

export const RUNS_FLOOR = 4;

export function v1Priority(base: number, runsToday: number): number {
  return base - Math.max(RUNS_FLOOR, runsToday);
}

export async function priorityFor(ctx: Ctx, owner: Owner, converter: string): Promise<number> {
  const base = ctx.config.tiers[owner.tier].priority;
  if (owner.lane !== 'v1' || !owner.deviceId) return base;
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(
        eq(jobs.deviceId, owner.deviceId),
        gte(jobs.createdAt, sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`),
        sql`coalesce(${jobs.settings}->>'converter', 'auto') = ${converter}`,
      ),
    );
  return v1Priority(base, row?.n ?? 0);
}
