/** Marks a job failed for good with a machine code and a human message, with its job.error deliveries. Fenced by the lease. */
import { sql } from 'drizzle-orm';
import type { JobErrorCode } from '../../core/jobs/job-error-code.ts';
import type { Db } from '../../db/database.ts';
import { jobEventColumns, OUTBOX_CTES } from '../../core/webhooks/outbox-sql.ts';
import { rows } from '../../db/rows.ts';
import type { Fence } from './heartbeat.ts';

/** Sets status error; false when the lease is lost. */
export async function failJob(db: Db, p: Fence & { code: JobErrorCode; message: string }): Promise<boolean> {
  const hit = await rows<{ id: string }>(
    db,
    sql`WITH changed AS (
          UPDATE jobs j SET status = 'error', status_since = now(), error_code = ${p.code},
            error_message = ${p.message}, lease = NULL, lease_owner = NULL, lease_until = NULL
          WHERE id = ${p.id} AND lease = ${p.lease} AND status = 'processing'
          RETURNING ${jobEventColumns('j')}, ARRAY['job.error'] AS events),
        ${OUTBOX_CTES}
        SELECT id FROM changed`,
  );
  return hit.length === 1;
}
