import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { uploadTickets } from '../../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import type { Principal } from '../../principal.ts';
import { TierName } from '../../tiers.ts';
import { uploadTicketHash } from './upload-ticket-token.ts';

export type TicketPrincipal = Extract<Principal, { kind: 'upload_ticket' }>;

/**
 * The principal of an Upload-Ticket header. Unknown, expired and used
 * tickets are unauthenticated (401), except a used one that remembers its
 * job: create_job_from_ticket then answers a repeated upload with that job.
 * Looked up by hash, so no ticket is compared byte by byte. Consumes
 * nothing: the upload operation claims the ticket.
 */
export async function authenticateUploadTicket(db: Db, ticket: string): Promise<TicketPrincipal> {
  const hash = uploadTicketHash(ticket);
  if (hash === null) throw new DomainError('unauthenticated', 'The upload ticket is malformed; it starts with upt_.');
  const [row] = await db
    .select({
      id: uploadTickets.id,
      deviceId: uploadTickets.deviceId,
      accountId: uploadTickets.accountId,
      tier: uploadTickets.tier,
      maxBytes: uploadTickets.maxBytes,
      usedAt: uploadTickets.usedAt,
      jobId: uploadTickets.jobId,
      // The database's clock, as for every other expiry.
      expired: sql<boolean>`${uploadTickets.expiresAt} <= now()`,
    })
    .from(uploadTickets)
    .where(eq(uploadTickets.tokenHash, hash))
    .limit(1);
  if (!row) throw new DomainError('unauthenticated', 'The upload ticket is invalid.');
  if (row.usedAt !== null && row.jobId === null) {
    throw new DomainError('unauthenticated', 'The upload ticket was already used; ask for a new one.');
  }
  if (row.usedAt === null && row.expired) {
    throw new DomainError('unauthenticated', 'The upload ticket has expired; ask for a new one.');
  }
  return {
    kind: 'upload_ticket',
    ticketId: row.id,
    deviceId: row.deviceId,
    accountId: row.accountId,
    tier: TierName.parse(row.tier),
    maxBytes: row.maxBytes,
  };
}
