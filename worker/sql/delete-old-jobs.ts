/**
 * Removes rows that only remain as tombstones: deleted, expired, canceled or
 * failed longer than tombstoneDays ago. Until then a repeated DELETE repeats
 * its answer and a download says 410 rather than 404.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import type { ReleasedBlobs } from './expire-results.ts';

/** Deletes up to `limit` old tombstones and returns any blob keys they still held. */
export async function deleteOldJobs(
  db: Db,
  p: { tombstoneDays: number; limit: number },
): Promise<ReleasedBlobs[]> {
  return rows<ReleasedBlobs>(
    db,
    sql`DELETE FROM jobs WHERE id IN (
          SELECT id FROM jobs
          WHERE deleted_at < now() - make_interval(days => ${p.tombstoneDays})
             OR expired_at < now() - make_interval(days => ${p.tombstoneDays})
             OR (status IN ('canceled', 'error') AND status_since < now() - make_interval(days => ${p.tombstoneDays}))
          LIMIT ${p.limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, input_key, output_key`,
  );
}
