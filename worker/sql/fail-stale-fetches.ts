/**
 * A link job's row is inserted before its fetch to hold the slot
 * (core/jobs/create-url-job.ts). If the process dies mid-fetch, the row stays
 * queued without an input and would hold the slot for ever. Every fetch ends
 * by its deadline (P2M_URL_TIMEOUT_MS), so a row older than that plus a
 * margin has no fetch behind it: it fails with fetch_interrupted, which
 * frees the slot and tells the owner to create the job again. It fires job.error.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobEventColumns, OUTBOX_CTES } from '../../core/webhooks/outbox-sql.ts';
import { rows } from '../../db/rows.ts';
import { errorMessage } from '../error-messages.ts';

// Room past the fetch deadline for storing the file and the final update.
const MARGIN_SECONDS = 60;

/** Fails queued jobs that never got their input within the fetch deadline; returns their ids. */
export async function failStaleFetches(db: Db, p: { urlTimeoutMs: number }): Promise<string[]> {
  const hit = await rows<{ id: string }>(
    db,
    sql`WITH changed AS (
          UPDATE jobs j SET status = 'error', status_since = now(), error_code = 'fetch_interrupted',
            error_message = ${errorMessage('fetch_interrupted')}
          WHERE status = 'queued' AND input_key IS NULL AND deleted_at IS NULL
            AND created_at < now() - make_interval(secs => ${Math.ceil(p.urlTimeoutMs / 1000) + MARGIN_SECONDS})
          RETURNING ${jobEventColumns('j')}, ARRAY['job.error'] AS events),
        ${OUTBOX_CTES}
        SELECT id FROM changed`,
  );
  return hit.map((r) => r.id);
}
