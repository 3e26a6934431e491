/**
 * Extends a lease while its conversion runs. Fenced: a job that was reaped,
 * re-claimed or canceled changes no row, which tells the worker to stop.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';

export type Fence = { id: string; lease: string };

/** Pushes lease_until to now() + leaseSeconds; false when the lease is lost. */
export async function heartbeat(db: Db, p: Fence & { leaseSeconds: number }): Promise<boolean> {
  const hit = await rows<{ id: string }>(
    db,
    sql`UPDATE jobs SET lease_until = now() + make_interval(secs => ${p.leaseSeconds})
        WHERE id = ${p.id} AND lease = ${p.lease} AND status = 'processing'
        RETURNING id`,
  );
  return hit.length === 1;
}
