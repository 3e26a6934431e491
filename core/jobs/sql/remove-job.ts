/**
 * Removes a finished job's result for its owner, leaving a tombstone, and in
 * the same statement queues its job.deleted deliveries — unless retention
 * already removed it (status expired), which fired job.deleted then.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rows } from '../../../db/rows.ts';
import { jobEventColumns, OUTBOX_CTES, QUEUED } from '../../webhooks/outbox-sql.ts';
import type { StateChange } from './cancel-job.ts';

/** Sets deleted_at and drops the blob keys and the idempotency key; `changed` false when already deleted. */
export async function removeJob(db: Db, jobId: string): Promise<StateChange> {
  const [hit] = await rows<{ id: string; queued: number }>(
    db,
    sql`WITH changed AS (
          UPDATE jobs j SET deleted_at = now(), idempotency_key = NULL, input_key = NULL, output_key = NULL
          WHERE id = ${jobId} AND deleted_at IS NULL
          RETURNING ${jobEventColumns('j')},
            CASE WHEN j.status = 'expired' THEN ARRAY[]::text[] ELSE ARRAY['job.deleted'] END AS events),
        ${OUTBOX_CTES}
        SELECT id, ${QUEUED} FROM changed`,
  );
  return { changed: hit !== undefined, queued: hit?.queued ?? 0 };
}
