/**
 * Claims up to n queued jobs for one worker in a single statement. PGlite has
 * one connection, so a claim cannot span a transaction with several
 * statements; on PostgreSQL `FOR UPDATE SKIP LOCKED` lets concurrent workers
 * take disjoint rows without waiting on each other.
 *
 * The pick is a MATERIALIZED CTE so that it runs exactly once: an `IN
 * (subquery)` may be re-planned as a join that evaluates LIMIT/SKIP LOCKED
 * differently.
 *
 * Order: a worker's own pools first (`pools`; a free-pool worker takes from
 * `idlePools` only when nothing of its own is runnable), then effective
 * priority, then id so that ties are deterministic.
 *
 * Effective priority = priority + seconds waited / agingSeconds, so the first
 * job is the one with the smallest run_at − priority × agingSeconds: the
 * stored claim_key (migration 0011; a trigger keeps it), which an index per
 * pool serves, so a claim reads a few index entries at any queue depth.
 * Paid tiers have a higher base (core/tiers.ts: pro 100, free 0, v1 devices
 * 0 − max(4, runs today)), so a paid job goes before free jobs that queued
 * shortly before it; but every waiting job gains a point per agingSeconds, so
 * none starves. The bound: a job J of priority p queued at t0 can be
 * overtaken only by jobs K with p_K + (now − t_K)/A ≥ p + (now − t0)/A, i.e.
 * t_K ≤ t0 + (p_K − p)·A. No job queued later than t0 + (P − p)·A, where P is
 * the highest base priority (pro: 100), ever goes ahead of J: with the
 * default A = 6 s, a free v2 job is overtaken by paid jobs arriving in the
 * next 10 minutes at most, and then waits only for the work queued before
 * that.
 *
 * A queued job without an input is a link still being fetched: its row only
 * holds the owner's slot (core/jobs/create-url-job.ts) and is not claimable.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import { storedOptions, type JobOptions } from '../../core/jobs/job-options.ts';

const ClaimedRow = z.object({
  id: z.string(),
  lease: z.string(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  pool: z.enum(['free', 'paid']),
  input_key: z.string().nullable(),
  time_budget_ms: z.number().int(),
  on_budget: z.enum(['fail', 'truncate']),
  tier: z.string(),
  account_id: z.string().nullable(),
  device_id: z.string().nullable(),
  settings: z
    .object({ converter: z.enum(['auto', 'text', 'ocr']).optional(), options: z.unknown().optional() })
    .loose()
    .nullable(),
});

/** A job this worker holds a lease on; every later write about it is fenced by id + lease. */
export type ClaimedJob = {
  id: string;
  lease: string;
  /** Including this claim. */
  attempts: number;
  maxAttempts: number;
  pool: 'free' | 'paid';
  inputKey: string | null;
  timeBudgetMs: number;
  onBudget: 'fail' | 'truncate';
  converter: 'auto' | 'text' | 'ocr';
  /** The tier the job was created under (its result size cap). */
  tier: string;
  /** Conversion options the job was created with (defaults for jobs from before options). */
  options: JobOptions;
  /** Whose document this is (its account, else its device): a warm conversion child serves only one tenant. */
  tenant: string;
};

const Pool = z.enum(['free', 'paid']);
export type Pool = z.infer<typeof Pool>;

export type ClaimParams = {
  workerId: string;
  /** The worker's own pools. */
  pools: readonly ('free' | 'paid')[];
  /** Pools it claims from only when nothing in `pools` is runnable (a free worker helping the paid pool). */
  idlePools?: readonly ('free' | 'paid')[];
  limit: number;
  leaseSeconds: number;
};

/** Moves up to `limit` runnable queued jobs of `pools` to processing under fresh leases. */
export async function claimJobs(db: Db, p: ClaimParams): Promise<ClaimedJob[]> {
  if (p.limit <= 0 || p.pools.length === 0) return [];
  const own = await claimFrom(db, p, p.pools, p.limit);
  const idle = (p.idlePools ?? []).filter((pool) => !p.pools.includes(pool));
  // A worker's own pools first: it helps the idle pools only with what is left of its limit.
  const more = own.length < p.limit && idle.length ? await claimFrom(db, p, idle, p.limit - own.length) : [];
  return [...own, ...more].map((raw) => toClaimed(ClaimedRow.parse(raw)));
}

/**
 * One statement: for each pool, the first `limit` runnable rows of its
 * partial index (jobs_claim_<pool>_idx, in claim_key order) are locked, the
 * first `limit` of those in claim_key order are taken. Rows locked but not
 * taken are unlocked at the end of the statement. The pool names are inlined
 * (they are a closed set) so that the planner can match the partial index.
 */
export function claimStatement(p: ClaimParams, pools: readonly Pool[], limit: number): SQL {
  // FOR UPDATE is not allowed under UNION: each pool's pick is a CTE of its own.
  const names = pools.map((pool) => sql.raw(`c_${Pool.parse(pool)}`));
  const perPool = pools.map(
    (pool, i) => sql`${names[i]} AS MATERIALIZED (SELECT id, claim_key FROM jobs
        WHERE status = 'queued' AND pool = ${sql.raw(`'${Pool.parse(pool)}'`)} AND input_key IS NOT NULL
          AND deleted_at IS NULL AND run_at <= now()
        ORDER BY claim_key, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)`,
  );
  const union = sql.join(names.map((n) => sql`SELECT id, claim_key FROM ${n}`), sql` UNION ALL `);
  return sql`WITH ${sql.join(perPool, sql`, `)},
        picked AS (SELECT id FROM (${union}) c ORDER BY claim_key, id LIMIT ${limit})
        UPDATE jobs j SET status = 'processing', status_since = now(), lease = gen_random_uuid(),
          lease_owner = ${p.workerId}, lease_until = now() + make_interval(secs => ${p.leaseSeconds}),
          attempts = j.attempts + 1
        FROM picked WHERE j.id = picked.id
        RETURNING j.id, j.lease, j.attempts, j.max_attempts, j.pool, j.input_key, j.time_budget_ms, j.on_budget,
          j.tier, j.settings, j.account_id, j.device_id`;
}

const claimFrom = (db: Db, p: ClaimParams, pools: readonly Pool[], limit: number) =>
  rows<unknown>(db, claimStatement(p, pools, limit));

function toClaimed(r: z.infer<typeof ClaimedRow>): ClaimedJob {
  return {
    id: r.id,
    lease: r.lease,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    pool: r.pool,
    inputKey: r.input_key,
    timeBudgetMs: r.time_budget_ms,
    onBudget: r.on_budget,
    converter: r.settings?.converter ?? 'auto',
    tier: r.tier,
    options: storedOptions(r.settings),
    // No owner at all: a tenant of its own, shared with no other job.
    tenant: r.account_id ? `account:${r.account_id}` : r.device_id ? `device:${r.device_id}` : `job:${r.id}`,
  };
}
