/**
 * Input PDFs nobody needs any more: those of canceled and failed jobs, and
 * of tombstones. Cancel deletes its input itself; this catches the ones left
 * behind (a crash between the update and the delete, a failure path).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import type { ReleasedBlobs } from './expire-results.ts';

/** Clears input_key on up to `limit` finished-without-result jobs and returns the keys to delete. */
export async function releaseInputs(db: Db, p: { limit: number }): Promise<ReleasedBlobs[]> {
  return rows<ReleasedBlobs>(
    db,
    sql`WITH due AS (
          SELECT id, input_key FROM jobs
          WHERE input_key IS NOT NULL AND (status IN ('canceled', 'error') OR deleted_at IS NOT NULL)
          LIMIT ${p.limit}
          FOR UPDATE SKIP LOCKED)
        UPDATE jobs j SET input_key = NULL
        FROM due WHERE j.id = due.id
        RETURNING j.id, due.input_key, NULL::text AS output_key`,
  );
}
