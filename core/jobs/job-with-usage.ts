/**
 * The read behind status polling: the caller's job and its owner's active-job
 * count in one prepared statement, instead of two statements built by drizzle
 * on every request (on PGlite, building a query costs more than running it).
 * Polls that arrive together share that statement (one row per distinct
 * read), each answered by a read that started after it was asked.
 * Where the change feed is live (the embedded server), the answer is kept
 * until any statement changes a job, so a client polling an unchanged job
 * costs no query at all.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobs, type JobRow } from '../../db/schema.ts';
import { CoalescedReads } from '../batch/coalesced-reads.ts';
import { ReadCache } from '../cache/read-cache.ts';
import type { TableChanges } from '../cache/table-changes.ts';
import type { Ctx } from '../context.ts';
import { ownerKeyOf } from '../principal.ts';
import { JOB_READ_COLUMNS } from './read-columns.ts';
import { ACTIVE_STATUSES, type SlotUsageValue } from './slots.ts';
import { SameRows } from './same-rows.ts';

// One row per read asked for: r(id, owner, owner_key, i) holds the batch's job ids, their asking owners
// and those owners' slot keys (core/batch/coalesced-reads.ts gathers them).
const asked = sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('owners')}::uuid[], ${sql.placeholder('ownerKeys')}::text[])
  with ordinality as r(id, owner, owner_key, i)`;

const activeCount = sql<number>`(select count(*)::int from jobs a
  where a.owner_key = r.owner_key
    and a.status in (${sql.raw(ACTIVE_STATUSES.map((s) => `'${s}'`).join(', '))})
    and a.deleted_at is null)`;

// The same visibility as owner.ts's visibleTo and the same retention rule as every read (read-columns.ts),
// one statement per kind of owner column.
function prepare(db: Db, by: 'account' | 'device') {
  const owner = by === 'account' ? jobs.accountId : jobs.deviceId;
  return db
    .select({ ...JOB_READ_COLUMNS, activeJobs: activeCount, asked: sql<string>`r.i::text` })
    .from(jobs)
    .innerJoin(asked, and(eq(jobs.id, sql`r.id`), eq(owner, sql`r.owner`)))
    .prepare(`p2m_jobs_with_usage_by_${by}`);
}

type Ask = { id: string; owner: string; ownerKey: string };
type Reads = Record<'account' | 'device', CoalescedReads<Ask, Found>>;

// Polls of many clients at once read their jobs in one statement per batch, each still as fresh as its own.
const perDb = new WeakMap<Db, Reads>();

function coalesced(db: Db, by: 'account' | 'device', maxBatch: number, same: SameRows): CoalescedReads<Ask, Found> {
  const statement = prepare(db, by);
  const idOf = (a: Ask) => `${a.id}:${a.owner}:${a.ownerKey}`;
  return new CoalescedReads(async (keys) => {
    const rows = await statement.execute({
      ids: keys.map((k) => k.id),
      owners: keys.map((k) => k.owner),
      ownerKeys: keys.map((k) => k.ownerKey),
    });
    // Rows come back by the ordinal of the read that asked for them; frozen, as several polls may share one,
    // and the same object as the last read of that job when nothing in it changed (its view is then made already).
    return new Map(
      rows.map(({ activeJobs, asked: i, ...row }) => [idOf(keys[Number(i) - 1]!), { row: same.intern(row), activeJobs }]),
    );
  }, idOf, maxBatch);
}

/**
 * The coalesced job reads of one database; `maxBatch` (P2M_READ_BATCH_MAX) and the rows kept for
 * comparison (P2M_READ_CACHE_ENTRIES) are fixed by the first call.
 */
function reads(db: Db, maxBatch: number, maxRows: number): Reads {
  let r = perDb.get(db);
  if (!r) {
    const same = new SameRows(maxRows);
    perDb.set(db, (r = { account: coalesced(db, 'account', maxBatch, same), device: coalesced(db, 'device', maxBatch, same) }));
  }
  return r;
}

type Found = { row: JobRow; activeJobs: number };

/** Jobs read for polling, by owner and id; emptied by every change to the jobs table. */
export type JobReadCache = ReadCache<Found>;

// Changes empty the cache at once; the age bound is only a safety net.
const MAX_AGE_MS = 10_000;

export function createJobReadCache(changes: Pick<TableChanges, 'live' | 'on'>, maxEntries?: number): JobReadCache {
  const cache = new ReadCache<Found>({ live: changes.live, maxAgeMs: MAX_AGE_MS, ...(maxEntries ? { maxEntries } : {}) });
  changes.on('jobs', () => cache.invalidate());
  return cache;
}

/** The caller's job (tombstones included, like findJob) with its owner's slot usage, or null. */
export async function findJobWithUsage(ctx: Ctx, jobId: string): Promise<{ row: JobRow; usage: SlotUsageValue } | null> {
  const p = ctx.principal;
  if (p.kind === 'anonymous') return null;
  const byDevice = p.kind === 'device' || p.kind === 'upload_ticket';
  const by = byDevice ? 'device' : 'account';
  const params = { id: jobId, owner: byDevice ? p.deviceId : p.accountId, ownerKey: ownerKeyOf(p) };
  const key = `${by}:${params.owner}:${params.ownerKey}:${jobId}`;
  let found = ctx.jobReadCache.get(key);
  if (!found) {
    const generation = ctx.jobReadCache.generation;
    found = await reads(ctx.db, ctx.config.readBatchMax, ctx.config.readCacheEntries)[by].load({ id: jobId, owner: params.owner, ownerKey: params.ownerKey });
    if (!found) return null;
    ctx.jobReadCache.set(key, found, generation, resultExpiry(found.row));
  }
  const limit = ctx.config.tiers[p.tier].slots;
  return { row: found.row, usage: { used: found.activeJobs, limit, free: Math.max(0, limit - found.activeJobs) } };
}

/** When a ready result's retention ends: a read after that instant must see the row anew. */
function resultExpiry(row: JobRow): number {
  return row.status === 'ready' && row.readyAt ? row.readyAt.getTime() + row.retentionSeconds * 1000 : Infinity;
}
