/**
 * Cancels an active job for its owner and, in the same statement, queues its
 * job.deleted deliveries (core/webhooks/outbox-sql.ts). The lease is cleared,
 * so the worker converting it loses its fence and discards its result.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rows } from '../../../db/rows.ts';
import { jobEventColumns, OUTBOX_CTES, QUEUED } from '../../webhooks/outbox-sql.ts';

/** What a job state change did: whether the row changed, and how many webhook deliveries it queued. */
export type StateChange = { changed: boolean; queued: number };

/** queued or processing → canceled; `changed` false when the job was no longer active. */
export async function cancelJob(db: Db, jobId: string): Promise<StateChange> {
  const [hit] = await rows<{ id: string; queued: number }>(
    db,
    sql`WITH changed AS (
          UPDATE jobs j SET status = 'canceled', status_since = now(), lease = NULL, lease_owner = NULL,
            lease_until = NULL, input_key = NULL
          WHERE id = ${jobId} AND status IN ('queued', 'processing')
          RETURNING ${jobEventColumns('j')}, ARRAY['job.deleted'] AS events),
        ${OUTBOX_CTES}
        SELECT id, ${QUEUED} FROM changed`,
  );
  return { changed: hit !== undefined, queued: hit?.queued ?? 0 };
}
