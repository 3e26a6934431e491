/**
 * The claim reads a few entries of its pool's index at any queue depth
 * (EXPLAIN on PostgreSQL), the database keeps the claim key in step with
 * run_at and priority, and the jobs table refuses values outside its closed sets.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { rows } from '../../../db/rows.ts';
import { claimStatement } from '../../../worker/sql/claim-jobs.ts';
import { DB_KIND, testEnv } from '../../support/test-env.ts';

/** n queued jobs straight in SQL (a crowded queue, both pools), then fresh statistics. */
export async function seedQueued(db: Db, n: number): Promise<void> {
  await db.execute(sql`INSERT INTO jobs (owner_type, owner_key, lane, tier, pool, priority, status, source_kind, file_name,
      input_key, time_budget_ms, on_budget, retention_seconds, max_attempts, run_at)
    SELECT 'api_key', 'account:' || (i % 500), 'v2', CASE WHEN i % 10 = 0 THEN 'pro' ELSE 'free' END,
      CASE WHEN i % 10 = 0 THEN 'paid' ELSE 'free' END, CASE WHEN i % 10 = 0 THEN 100 ELSE 0 END, 'queued', 'upload',
      'x.pdf', 'jobs/x/input.pdf', 60000, 'fail', 3600, 3, now() - make_interval(secs => i % 3600)
    FROM generate_series(1, ${n}) AS i`);
  await db.execute(sql`ANALYZE jobs`);
}

const params = { workerId: 'w', pools: ['paid', 'free'] as const, limit: 4, leaseSeconds: 60 };

describe('claim index', () => {
  it.runIf(DB_KIND === 'postgres')('EXPLAIN: a claim over 20,000 queued jobs reads its pools\' indexes, with no scan or sort of the backlog', async () => {
    await using env = await testEnv();
    await seedQueued(env.runtime.db, 20_000);
    for (const pools of [['paid', 'free'], ['free'], ['paid']] as const) {
      const plan = (await rows<{ 'QUERY PLAN': string }>(env.runtime.db, sql`EXPLAIN (ANALYZE, BUFFERS) ${claimStatement(params, pools, 4)}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      for (const pool of pools) expect(plan).toContain(`Index Scan using jobs_claim_${pool}_idx`);
      expect(plan).not.toMatch(/Seq Scan on jobs/);
      // The only sort is of the few candidates, never of the backlog.
      for (const m of plan.matchAll(/Sort .*actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/g)) expect(Number(m[1])).toBeLessThanOrEqual(8);
      const index = [...plan.matchAll(/Index Scan using jobs_claim_\w+_idx .*actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/g)];
      for (const m of index) expect(Number(m[1])).toBeLessThanOrEqual(4);
    }
  });

  it('keeps claim_key = run_at − priority × aging through inserts, back-dating and re-prioritising', async () => {
    await using env = await testEnv({ P2M_PRIORITY_AGING_SECONDS: '10' });
    const db = env.runtime.db;
    await seedQueued(db, 20);
    const drift = async () =>
      (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM jobs
        WHERE claim_key <> run_at - make_interval(secs => priority::float8 * aging_seconds)`))[0]!.n;
    expect(await drift()).toBe(0);
    await db.execute(sql`UPDATE jobs SET run_at = run_at - interval '1 hour', aging_seconds = 10`);
    await db.execute(sql`UPDATE jobs SET priority = priority + 7 WHERE pool = 'free'`);
    expect(await drift()).toBe(0);
    const [k] = await rows<{ d: number }>(db, sql`SELECT extract(epoch FROM run_at - claim_key)::float8 AS d FROM jobs WHERE pool = 'free' LIMIT 1`);
    expect(k!.d).toBe(70);
  });

  it('refuses a pool, lane, owner type or budget rule outside the closed sets', async () => {
    await using env = await testEnv();
    const insert = (col: string, value: string) => {
      const v = { owner_type: 'api_key', lane: 'v2', pool: 'free', on_budget: 'fail', [col]: value };
      return env.runtime.db.execute(sql`INSERT INTO jobs (owner_type, owner_key, lane, tier, pool, status, source_kind, file_name,
          time_budget_ms, on_budget, retention_seconds, max_attempts)
        VALUES (${v.owner_type}, 'k', ${v.lane}, 'free', ${v.pool}, 'queued', 'upload', 'x.pdf', 1000, ${v.on_budget}, 60, 3)`);
    };
    await insert('pool', 'free');
    for (const [col, bad] of [['pool', 'gold'], ['lane', 'v3'], ['owner_type', 'robot'], ['on_budget', 'ignore']] as const) {
      await expect(insert(col, bad), `${col}=${bad}`).rejects.toThrow();
    }
  });
});
