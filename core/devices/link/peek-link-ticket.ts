import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { deviceLinkTickets } from '../../../db/schema.ts';
import { linkTicketHash } from './link-ticket.ts';

/**
 * The device a link ticket was issued to, while the ticket is unused and
 * unexpired; null otherwise. Consumes nothing: sign-in start checks the
 * ticket with this before sending the person to the provider, and the
 * callback consumes it with linkDeviceWithTicket.
 */
export async function peekLinkTicket(db: Db, ticket: string): Promise<{ deviceId: string } | null> {
  const hash = linkTicketHash(ticket);
  if (hash === null) return null;
  const [row] = await db
    .select({ deviceId: deviceLinkTickets.deviceId })
    .from(deviceLinkTickets)
    .where(and(eq(deviceLinkTickets.tokenHash, hash), isNull(deviceLinkTickets.usedAt), gt(deviceLinkTickets.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}
