/**
 * Records of the paid lane that only need to outlive their purpose: processed
 * billing event ids (Stripe redelivers an event for up to 3 days; kept 30)
 * and idempotent batch creations (kept as long as job tombstones, after
 * which their jobs are gone anyway).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';

const EVENT_DAYS = 30;

/** Deletes both kinds past their age; returns how many rows went. */
export async function purgePaidRecords(db: Db, p: { tombstoneDays: number }): Promise<number> {
  const events = await rows<{ id: string }>(
    db,
    sql`DELETE FROM billing_events WHERE received_at < now() - make_interval(days => ${EVENT_DAYS}) RETURNING id`,
  );
  const batches = await rows<{ id: string }>(
    db,
    sql`DELETE FROM job_batches WHERE created_at < now() - make_interval(days => ${p.tombstoneDays}) RETURNING id`,
  );
  return events.length + batches.length;
}
