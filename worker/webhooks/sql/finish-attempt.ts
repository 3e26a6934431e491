/**
 * Closes an attempt, fenced by its lease like every job queue write: the
 * delivery's new state, the attempt's log row and the endpoint's failure
 * streak change in one statement, or not at all when the lease was lost
 * (reaped and re-claimed elsewhere). A delivered attempt resets the streak
 * and enables a disabled endpoint again; a final failure (not of a test
 * event) lengthens it and, at `disableAfter`, disables the endpoint with its
 * reason.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rows } from '../../../db/rows.ts';

export type AttemptOutcome =
  | { outcome: 'delivered'; statusCode: number }
  | { outcome: 'retry'; statusCode: number | null; error: string; delaySeconds: number }
  | { outcome: 'failed'; statusCode: number | null; error: string };

export type FinishParams = { id: string; lease: string; disableAfter: number } & AttemptOutcome;

/** Writes the outcome; false when the lease was lost (nothing written). */
export async function finishAttempt(db: Db, p: FinishParams): Promise<boolean> {
  const code = p.statusCode;
  const error = p.outcome === 'delivered' ? null : p.error;
  const delay = p.outcome === 'retry' ? p.delaySeconds : 0;
  const hit = await rows<{ id: string }>(
    db,
    sql`WITH d AS (
          UPDATE webhook_deliveries SET
            status = CASE ${p.outcome}::text WHEN 'retry' THEN 'pending' ELSE ${p.outcome}::text END,
            run_at = CASE WHEN ${p.outcome}::text = 'retry' THEN now() + make_interval(secs => ${delay}) ELSE run_at END,
            finished_at = CASE WHEN ${p.outcome}::text = 'retry' THEN NULL ELSE now() END,
            last_status_code = ${code}::int, last_error = ${error}::text,
            lease = NULL, lease_owner = NULL, lease_until = NULL
          WHERE id = ${p.id} AND lease = ${p.lease} AND status = 'delivering'
          RETURNING id, endpoint_id, test),
        a AS (
          UPDATE webhook_attempts SET finished_at = now(), outcome = ${p.outcome}::text, status_code = ${code}::int,
            error = ${error}::text
          WHERE delivery_id = ${p.id} AND lease = ${p.lease} AND EXISTS (SELECT 1 FROM d)),
        streak AS (
          UPDATE webhook_endpoints w SET
            consecutive_failures = CASE WHEN ${p.outcome}::text = 'delivered' THEN 0 ELSE w.consecutive_failures + 1 END,
            disabled_at = CASE
              WHEN ${p.outcome}::text = 'delivered' THEN NULL
              WHEN w.consecutive_failures + 1 >= ${p.disableAfter} THEN coalesce(w.disabled_at, now())
              ELSE w.disabled_at END,
            disabled_reason = CASE
              WHEN ${p.outcome}::text = 'delivered' THEN NULL
              WHEN w.disabled_at IS NULL AND w.consecutive_failures + 1 >= ${p.disableAfter}
                THEN format('Disabled after %s deliveries in a row failed; the last: %s', w.consecutive_failures + 1, ${error}::text)
              ELSE w.disabled_reason END
          FROM d WHERE w.id = d.endpoint_id
            AND (${p.outcome}::text = 'delivered' OR (${p.outcome}::text = 'failed' AND NOT d.test)))
        SELECT id FROM d`,
  );
  return hit.length === 1;
}
