import { sql } from 'drizzle-orm';
import { deviceLinkTickets } from '../../../db/schema.ts';
import type { Services } from '../../context.ts';
import { linkTicketHash, newLinkTicket } from './link-ticket.ts';

/** A new one-time link ticket for a device, valid for config.linkTicketSeconds; only its hash is stored. */
export async function issueLinkTicket(s: Pick<Services, 'db' | 'config'>, deviceId: string): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = newLinkTicket();
  const [row] = await s.db
    .insert(deviceLinkTickets)
    .values({ deviceId, tokenHash: linkTicketHash(ticket)!, expiresAt: sql`now() + make_interval(secs => ${s.config.linkTicketSeconds})` })
    .returning({ expiresAt: deviceLinkTickets.expiresAt });
  return { ticket, expiresAt: row!.expiresAt };
}
