/**
 * The read behind status polling: the caller's job and its owner's active-job
 * count in one prepared statement, instead of two statements built by drizzle
 * on every request (on PGlite, building a query costs more than running it).
 * Where the change feed is live (the embedded server), the answer is kept
 * until any statement changes a job, so a client polling an unchanged job
 * costs no query at all.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobs, type JobRow } from '../../db/schema.ts';
import { ReadCache } from '../cache/read-cache.ts';
import type { TableChanges } from '../cache/table-changes.ts';
import type { Ctx } from '../context.ts';
import { ownerKeyOf } from '../principal.ts';
import { JOB_READ_COLUMNS } from './read-columns.ts';
import { ACTIVE_STATUSES, type SlotUsageValue } from './slots.ts';

const activeCount = sql<number>`(select count(*)::int from jobs a
  where a.owner_key = ${sql.placeholder('ownerKey')}
    and a.status in (${sql.raw(ACTIVE_STATUSES.map((s) => `'${s}'`).join(', '))})
    and a.deleted_at is null)`;

// The same visibility as owner.ts's visibleTo and the same retention rule as every read (read-columns.ts),
// one statement per kind of owner column.
function prepare(db: Db, by: 'account' | 'device') {
  const owner = by === 'account' ? jobs.accountId : jobs.deviceId;
  return db
    .select({ ...JOB_READ_COLUMNS, activeJobs: activeCount })
    .from(jobs)
    .where(and(eq(jobs.id, sql.placeholder('id')), eq(owner, sql.placeholder('owner'))))
    .limit(1)
    .prepare(`p2m_job_with_usage_by_${by}`);
}

type Statements = Record<'account' | 'device', ReturnType<typeof prepare>>;
const prepared = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = { account: prepare(db, 'account'), device: prepare(db, 'device') }));
  return s;
}

type Found = { row: JobRow; activeJobs: number };

/** Jobs read for polling, by owner and id; emptied by every change to the jobs table. */
export type JobReadCache = ReadCache<Found>;

// Changes empty the cache at once; the age bound is only a safety net.
const MAX_AGE_MS = 10_000;

export function createJobReadCache(changes: Pick<TableChanges, 'live' | 'on'>): JobReadCache {
  const cache = new ReadCache<Found>({ live: changes.live, maxAgeMs: MAX_AGE_MS });
  changes.on('jobs', () => cache.invalidate());
  return cache;
}

/** The caller's job (tombstones included, like findJob) with its owner's slot usage, or null. */
export async function findJobWithUsage(ctx: Ctx, jobId: string): Promise<{ row: JobRow; usage: SlotUsageValue } | null> {
  const p = ctx.principal;
  const byDevice = p.kind === 'device' || p.kind === 'upload_ticket';
  const by = byDevice ? 'device' : 'account';
  const params = { id: jobId, owner: byDevice ? p.deviceId : p.accountId, ownerKey: ownerKeyOf(p) };
  const key = `${by}:${params.owner}:${params.ownerKey}:${jobId}`;
  let found = ctx.jobReadCache.get(key);
  if (!found) {
    const generation = ctx.jobReadCache.generation;
    const [r] = await statements(ctx.db)[by].execute(params);
    if (!r) return null;
    const { activeJobs, ...row } = r;
    found = { row: Object.freeze(row), activeJobs };
    ctx.jobReadCache.set(key, found, generation, resultExpiry(row));
  }
  const limit = ctx.config.tiers[p.tier].slots;
  return { row: found.row, usage: { used: found.activeJobs, limit, free: Math.max(0, limit - found.activeJobs) } };
}

/** When a ready result's retention ends: a read after that instant must see the row anew. */
function resultExpiry(row: JobRow): number {
  return row.status === 'ready' && row.readyAt ? row.readyAt.getTime() + row.retentionSeconds * 1000 : Infinity;
}
