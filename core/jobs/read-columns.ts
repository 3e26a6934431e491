/**
 * Retention is exact at read time: a ready job whose expires_at
 * (ready_at + retention_seconds) has passed reads as `expired`, with
 * status_since at its expiry, whether or not the retention sweep has
 * marked the row yet. The comparison uses the database clock, never the
 * process's. Every read of a job row for a caller selects these columns.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema.ts';

const expiresAt = sql`(${jobs.readyAt} + make_interval(secs => ${jobs.retentionSeconds}))`;
const pastRetention = sql`(${jobs.status} = 'ready' and ${expiresAt} <= now())`;

/** The status a caller sees (a ready job past its retention is expired). */
export const effectiveStatus = sql<string>`(case when ${pastRetention} then 'expired' else ${jobs.status} end)`;

/** The jobs columns with status and status_since as a caller sees them. */
export const JOB_READ_COLUMNS = {
  ...getTableColumns(jobs),
  status: effectiveStatus.mapWith(jobs.status),
  statusSince: sql<Date>`(case when ${pastRetention} then ${expiresAt} else ${jobs.statusSince} end)`.mapWith(jobs.statusSince),
};
