import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import { defineOperation } from '../operation.ts';
import { usageOf } from '../jobs/job-access.ts';
import { SlotUsage } from '../jobs/job-schema.ts';
import { accountIdOf } from './account-of.ts';

const Progress = (what: string) =>
  z.object({
    used: z.number().int().describe(`${what} so far this period.`),
    allowance: z.number().int().describe(`${what} the plan allows a period under fair use.`),
  });

export const Usage = z
  .object({
    tier: z.string(),
    period: z
      .object({ start: z.iso.datetime(), end: z.iso.datetime() })
      .describe('The current period: the calendar month in UTC; counters start at zero at `start`.'),
    jobs: Progress('Jobs created'),
    pages: Progress('Pages converted'),
    slot_usage: SlotUsage,
    days: z
      .array(z.object({ date: z.iso.date(), jobs: z.number().int(), pages: z.number().int() }))
      .describe('The same counts per UTC day of the period, from its first day to today, days without use as zeros.'),
  })
  .describe(
    'Fair-use progress of the account. Jobs count when created (by any key, session or linked device of the account) and pages when a job becomes ready; deleting a job does not give them back. The allowance is shown, not enforced per job: slots and rates are the hard limits.',
  );

type DayRow = { date: string; jobs: number; pages: number };

/** Every day of this month (UTC) up to today, with the account's counts (table account_usage_daily). */
async function daysOf(db: Db, accountId: string): Promise<DayRow[]> {
  return rows<DayRow>(
    db,
    sql`SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(u.jobs, 0)::int AS jobs, coalesce(u.pages, 0)::int AS pages
        FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC')::date, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
        LEFT JOIN account_usage_daily u ON u.account_id = ${accountId} AND u.day = d::date
        ORDER BY d`,
  );
}

type PeriodRow = { start: Date | string; end: Date | string; jobs: number; pages: number };

export const getUsage = defineOperation({
  name: 'get_usage',
  title: 'Get fair-use usage',
  description: 'Jobs and pages of the account in the current month against its plan\'s fair-use allowance, and its slot usage.',
  scope: null,
  errors: [],
  actors: ['api_key', 'session'],
  input: z.object({}),
  output: Usage,
  async handler(ctx) {
    const accountId = accountIdOf(ctx.principal);
    const t = ctx.config.tiers[ctx.principal.tier];
    // The period from the database clock, as the counting triggers see it (migration account_usage_sql).
    const [row] = await rows<PeriodRow>(
      ctx.db,
      sql`SELECT p.start, p.start + interval '1 month' AS "end", coalesce(u.jobs, 0)::int AS jobs, coalesce(u.pages, 0)::int AS pages
          FROM (SELECT date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start) p
          LEFT JOIN account_usage u ON u.account_id = ${accountId} AND u.period_start = p.start`,
    );
    return {
      tier: ctx.principal.tier,
      period: { start: new Date(row!.start).toISOString(), end: new Date(row!.end).toISOString() },
      jobs: { used: row!.jobs, allowance: t.fairUseJobsPerMonth },
      pages: { used: row!.pages, allowance: t.fairUsePagesPerMonth },
      slot_usage: await usageOf(ctx),
      days: await daysOf(ctx.db, accountId),
    };
  },
});
