/**
 * Publishes a result, and in the same statement its job.ready (and
 * job.truncated) webhook deliveries (core/webhooks/outbox-sql.ts). Fenced: when it changes no row the lease was lost (the
 * job was canceled, or reaped and claimed by another worker) and the caller
 * must delete the output blob it wrote.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobEventColumns, OUTBOX_CTES } from '../../core/webhooks/outbox-sql.ts';
import { rows } from '../../db/rows.ts';
import type { Fence } from './heartbeat.ts';
import type { OcrPage } from '../../engine/index.ts';

export type Completion = Fence & {
  outputKey: string;
  outputSize: number;
  pages: number;
  pagesDone: number;
  truncated: boolean;
  /** Pages read by OCR and why; kept in the job's settings (no column of its own) for the job view. */
  ocrPages?: readonly OcrPage[];
  /** What the engine reported under the fidelity options (stored images, hidden text, structure), merged into the settings. */
  report?: Record<string, unknown>;
};

/** Marks the job ready with its Markdown; false when the lease is lost. */
export async function completeJob(db: Db, p: Completion): Promise<boolean> {
  const hit = await rows<{ id: string }>(
    db,
    sql`WITH changed AS (
          UPDATE jobs j SET status = 'ready', status_since = now(), ready_at = now(),
            output_key = ${p.outputKey}, output_size = ${p.outputSize}, pages = ${p.pages},
            pages_done = ${p.pagesDone}, truncated = ${p.truncated},
            settings = coalesce(j.settings, '{}'::jsonb) || jsonb_build_object('ocr_pages', ${JSON.stringify(p.ocrPages ?? [])}::jsonb)
              || ${JSON.stringify(p.report ?? {})}::jsonb,
            error_code = NULL, error_message = NULL, lease = NULL, lease_owner = NULL, lease_until = NULL
          WHERE id = ${p.id} AND lease = ${p.lease} AND status = 'processing'
          RETURNING ${jobEventColumns('j')},
            CASE WHEN j.truncated THEN ARRAY['job.ready', 'job.truncated'] ELSE ARRAY['job.ready'] END AS events),
        ${OUTBOX_CTES}
        SELECT id FROM changed`,
  );
  return hit.length === 1;
}
