/**
 * Hands a job back at shutdown: re-queued at once, and the attempt it used is
 * returned, because a worker stopping is not the document's fault. Fenced.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import type { Fence } from './heartbeat.ts';

/** Re-queues the job for another worker; false when the lease was already lost. */
export async function abandonJob(db: Db, p: Fence): Promise<boolean> {
  const hit = await rows<{ id: string }>(
    db,
    sql`UPDATE jobs SET status = 'queued', status_since = now(), run_at = now(),
          attempts = greatest(attempts - 1, 0), pages_done = 0,
          lease = NULL, lease_owner = NULL, lease_until = NULL
        WHERE id = ${p.id} AND lease = ${p.lease} AND status = 'processing'
        RETURNING id`,
  );
  return hit.length === 1;
}
