/**
 * Recovers jobs whose worker vanished (crash, kill, lost network): a
 * processing job whose lease ran out goes back to the queue, or fails with
 * max_attempts once it has used them all, so a document that kills every
 * worker that touches it cannot circulate forever. One statement: a
 * heartbeat that lands concurrently makes PostgreSQL re-check the row and
 * skip it. A job failed here fires job.error (core/webhooks/outbox-sql.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobEventColumns, OUTBOX_CTES } from '../../core/webhooks/outbox-sql.ts';
import { rows } from '../../db/rows.ts';

export type ReapedJob = { id: string; status: 'queued' | 'error'; pool: 'free' | 'paid' };

/** Re-queues or fails every processing job with lease_until < now(). */
export async function reapExpiredLeases(db: Db): Promise<ReapedJob[]> {
  return rows<ReapedJob>(
    db,
    sql`WITH changed AS (
        UPDATE jobs j SET
          status = CASE WHEN attempts < max_attempts THEN 'queued' ELSE 'error' END,
          status_since = now(), run_at = now(), pages_done = 0,
          error_code = CASE WHEN attempts < max_attempts THEN error_code ELSE 'max_attempts' END,
          error_message = CASE WHEN attempts < max_attempts THEN error_message
            ELSE format('The conversion was interrupted %s times without finishing (the worker stopped or lost contact); giving up.', attempts)
          END,
          lease = NULL, lease_owner = NULL, lease_until = NULL
        WHERE status = 'processing' AND lease_until < now()
        RETURNING ${jobEventColumns('j')}, j.pool,
          CASE WHEN j.status = 'error' THEN ARRAY['job.error'] ELSE ARRAY[]::text[] END AS events),
        ${OUTBOX_CTES}
        SELECT id, status, pool FROM changed`,
  );
}
