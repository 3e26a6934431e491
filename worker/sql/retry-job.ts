/**
 * Puts a job back in the queue after a transient failure (storage, a child
 * that could not start), not before now() + backoff. Fenced by the lease.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import type { Fence } from './heartbeat.ts';

/** Re-queues the job; false when the lease is lost. */
export async function retryJob(
  db: Db,
  p: Fence & { backoffSeconds: number; message: string },
): Promise<boolean> {
  const hit = await rows<{ id: string }>(
    db,
    sql`UPDATE jobs SET status = 'queued', status_since = now(),
          run_at = now() + make_interval(secs => ${p.backoffSeconds}),
          error_message = ${p.message}, lease = NULL, lease_owner = NULL, lease_until = NULL
        WHERE id = ${p.id} AND lease = ${p.lease} AND status = 'processing'
        RETURNING id`,
  );
  return hit.length === 1;
}
