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
 * priority, then age (run_at), then id so that ties are deterministic.
 *
 * Effective priority = priority + floor(seconds waited / agingSeconds).
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
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';

const ClaimedRow = z.object({
  id: z.string(),
  lease: z.string(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  pool: z.enum(['free', 'paid']),
  input_key: z.string().nullable(),
  time_budget_ms: z.number().int(),
  on_budget: z.enum(['fail', 'truncate']),
  settings: z
    .object({ converter: z.enum(['auto', 'text', 'ocr']).optional() })
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
};

export type ClaimParams = {
  workerId: string;
  /** The worker's own pools. */
  pools: readonly ('free' | 'paid')[];
  /** Pools it claims from only when nothing in `pools` is runnable (a free worker helping the paid pool). */
  idlePools?: readonly ('free' | 'paid')[];
  /** Seconds of waiting that add one point of priority; default 6. */
  agingSeconds?: number;
  limit: number;
  leaseSeconds: number;
};

/** The default of P2M_PRIORITY_AGING_SECONDS. */
export const DEFAULT_AGING_SECONDS = 6;

/** Moves up to `limit` runnable queued jobs of `pools` to processing under fresh leases. */
export async function claimJobs(db: Db, p: ClaimParams): Promise<ClaimedJob[]> {
  if (p.limit <= 0 || p.pools.length === 0) return [];
  // The pool lists are bound as text array literals: both drivers accept them.
  const own = `{${p.pools.join(',')}}`;
  const all = `{${[...new Set([...p.pools, ...(p.idlePools ?? [])])].join(',')}}`;
  const aging = p.agingSeconds ?? DEFAULT_AGING_SECONDS;
  const claimed = await rows<unknown>(
    db,
    sql`WITH picked AS MATERIALIZED (
          SELECT id FROM jobs
          WHERE status = 'queued' AND pool = ANY(${all}::text[]) AND run_at <= now() AND deleted_at IS NULL
            AND input_key IS NOT NULL
          ORDER BY pool = ANY(${own}::text[]) DESC,
            priority + floor(extract(epoch FROM now() - run_at) / ${aging}::float8) DESC, run_at, id
          LIMIT ${p.limit}
          FOR UPDATE SKIP LOCKED)
        UPDATE jobs j SET status = 'processing', status_since = now(), lease = gen_random_uuid(),
          lease_owner = ${p.workerId}, lease_until = now() + make_interval(secs => ${p.leaseSeconds}),
          attempts = j.attempts + 1
        FROM picked WHERE j.id = picked.id
        RETURNING j.id, j.lease, j.attempts, j.max_attempts, j.pool, j.input_key, j.time_budget_ms, j.on_budget,
          j.settings`,
  );
  return claimed.map((raw) => toClaimed(ClaimedRow.parse(raw)));
}

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
  };
}
