import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rows } from '../../../db/rows.ts';

/**
 * How long a ticket row outlives its expiry: an upload ticket that created a
 * job answers repeats of its upload (200, the same job) until then.
 */
export const TICKET_KEEP_SECONDS = 24 * 3600;

/**
 * The retention sweep's part: device-link and upload tickets, used or not,
 * past their expiry (and a link ticket past its confirmation window) by
 * TICKET_KEEP_SECONDS (an expired ticket already fails; this only frees its
 * row). Returns how many went.
 */
export async function sweepTickets(db: Db, limit = 10_000): Promise<number> {
  const keep = sql`make_interval(secs => ${TICKET_KEEP_SECONDS})`;
  const links = await rows<{ id: string }>(
    db,
    sql`delete from device_link_tickets where id in (
          select id from device_link_tickets where expires_at < now() - ${keep}
            -- A sign-in may still be waiting on its confirmation page, whose window is its own (P2M_LINK_CONFIRM_SECONDS).
            and (confirm_expires_at is null or confirm_expires_at < now() - ${keep})
          limit ${limit}) returning id`,
  );
  const uploads = await rows<{ id: string }>(
    db,
    sql`delete from upload_tickets where id in (
          select id from upload_tickets where expires_at < now() - ${keep} limit ${limit}) returning id`,
  );
  return links.length + uploads.length;
}
