/**
 * Recovers deliveries whose dispatcher vanished mid-attempt (killed, lost
 * its database): past lease_until, the attempt is logged as interrupted and
 * the delivery goes back to pending at once, or fails once it has used every
 * attempt. The receiver may have got that request: the retry carries the
 * same X-P2M-Delivery, so it can tell.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rows } from '../../../db/rows.ts';

const INTERRUPTED = 'The sending process stopped during the attempt.';

/** Re-queues (or fails, at maxAttempts) every delivering row with lease_until < now(); returns how many. */
export async function reapDeliveries(db: Db, p: { maxAttempts: number }): Promise<number> {
  const reaped = await rows<{ id: string }>(
    db,
    sql`WITH due AS (
          SELECT id, lease FROM webhook_deliveries WHERE status = 'delivering' AND lease_until < now()
          FOR UPDATE SKIP LOCKED),
        r AS (
          UPDATE webhook_deliveries d SET
            status = CASE WHEN d.attempts < ${p.maxAttempts} THEN 'pending' ELSE 'failed' END,
            finished_at = CASE WHEN d.attempts < ${p.maxAttempts} THEN NULL ELSE now() END,
            run_at = now(), last_error = ${INTERRUPTED}, last_status_code = NULL,
            lease = NULL, lease_owner = NULL, lease_until = NULL
          FROM due WHERE d.id = due.id
          RETURNING d.id),
        a AS (
          UPDATE webhook_attempts t SET finished_at = now(), outcome = 'interrupted', error = ${INTERRUPTED}
          FROM due WHERE t.delivery_id = due.id AND t.lease = due.lease AND t.outcome IS NULL)
        SELECT id FROM r`,
  );
  return reaped.length;
}
