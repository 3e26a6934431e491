/** n queued jobs straight in SQL across both pools and 500 owners (as test/integration/worker/claim-index.test.ts), then fresh statistics. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

export async function seedQueued(db: Db, n: number): Promise<void> {
  // In slices: one statement of 100,000 rows runs the claim-key trigger for each and holds one long transaction.
  for (let from = 1; from <= n; from += 20_000) {
    const to = Math.min(n, from + 19_999);
    await db.execute(sql`INSERT INTO jobs (owner_type, owner_key, lane, tier, pool, priority, status, source_kind, file_name,
        input_key, time_budget_ms, on_budget, retention_seconds, max_attempts, run_at)
      SELECT 'api_key', 'account:' || (i % 500), 'v2', CASE WHEN i % 10 = 0 THEN 'pro' ELSE 'free' END,
        CASE WHEN i % 10 = 0 THEN 'paid' ELSE 'free' END, CASE WHEN i % 10 = 0 THEN 100 ELSE 0 END, 'queued', 'upload',
        'x.pdf', 'jobs/x/input.pdf', 60000, 'fail', 3600, 3, now() - make_interval(secs => i % 3600)
      FROM generate_series(${from}::int, ${to}::int) AS i`);
  }
  await db.execute(sql`VACUUM ANALYZE jobs`);
}
