/**
 * Retention: a ready result older than its retention period is expired. The
 * row stays, with status expired since its expiry time (downloads answer 410
 * gone); its blob keys are handed back for deletion. The CTE reads the keys
 * before the UPDATE clears them. Reads do not wait for this sweep: they treat
 * a ready job past its expiry as expired already (core/jobs/read-columns.ts). Retention removal fires job.deleted, in the
 * same statement (core/webhooks/outbox-sql.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobEventColumns, OUTBOX_CTES } from '../../core/webhooks/outbox-sql.ts';
import { rows } from '../../db/rows.ts';

export type ReleasedBlobs = { id: string; input_key: string | null; output_key: string | null };

/** Expires up to `limit` ready jobs past ready_at + retention_seconds. */
export async function expireResults(db: Db, p: { limit: number }): Promise<ReleasedBlobs[]> {
  return rows<ReleasedBlobs>(
    db,
    sql`WITH due AS (
          SELECT id, input_key, output_key FROM jobs
          WHERE status = 'ready' AND expired_at IS NULL AND deleted_at IS NULL
            AND ready_at + make_interval(secs => retention_seconds) <= now()
          ORDER BY ready_at LIMIT ${p.limit}
          FOR UPDATE SKIP LOCKED),
        changed AS (
          UPDATE jobs j SET status = 'expired', status_since = j.ready_at + make_interval(secs => j.retention_seconds),
            expired_at = now(), input_key = NULL, output_key = NULL
          FROM due WHERE j.id = due.id
          RETURNING ${jobEventColumns('j')}, due.input_key, due.output_key, ARRAY['job.deleted'] AS events),
        ${OUTBOX_CTES}
        SELECT id, input_key, output_key FROM changed`,
  );
}
