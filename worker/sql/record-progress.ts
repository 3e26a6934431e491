/** Records how far a conversion got, so clients can show progress. Fenced by the lease. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import type { Fence } from './heartbeat.ts';

/** Sets pages and pages_done; false when the lease is lost. */
export async function recordProgress(
  db: Db,
  p: Fence & { pages: number; pagesDone: number },
): Promise<boolean> {
  const hit = await rows<{ id: string }>(
    db,
    sql`UPDATE jobs SET pages = ${p.pages}, pages_done = ${p.pagesDone}
        WHERE id = ${p.id} AND lease = ${p.lease} AND status = 'processing'
        RETURNING id`,
  );
  return hit.length === 1;
}
