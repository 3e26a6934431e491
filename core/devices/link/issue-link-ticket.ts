import { sql } from 'drizzle-orm';
import { deviceLinkTickets } from '../../../db/schema.ts';
import type { Services } from '../../context.ts';
import { linkTicketHash, newLinkTicket } from './link-ticket.ts';
import { userCodeOf } from './user-code.ts';

export type IssuedLinkTicket = { ticket: string; userCode: string; expiresAt: Date };

/**
 * A new one-time link ticket for a device, valid for config.linkTicketSeconds;
 * only its hash is stored. Its user code is derived from the row (user-code.ts).
 */
export async function issueLinkTicket(s: Pick<Services, 'db' | 'config' | 'secretKey'>, deviceId: string): Promise<IssuedLinkTicket> {
  const ticket = newLinkTicket();
  const [row] = await s.db
    .insert(deviceLinkTickets)
    .values({ deviceId, tokenHash: linkTicketHash(ticket)!, expiresAt: sql`now() + make_interval(secs => ${s.config.linkTicketSeconds})` })
    .returning({ id: deviceLinkTickets.id, expiresAt: deviceLinkTickets.expiresAt });
  return { ticket, userCode: userCodeOf(s.secretKey, row!.id), expiresAt: row!.expiresAt };
}
