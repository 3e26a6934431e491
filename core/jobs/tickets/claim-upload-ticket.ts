import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { uploadTickets } from '../../../db/schema.ts';

/**
 * Takes the ticket for this upload: true for the one request that finds it
 * unused and unexpired (single use, whatever happens next), false for any
 * other.
 */
export async function claimUploadTicket(db: Db, ticketId: string): Promise<boolean> {
  const claimed = await db
    .update(uploadTickets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(uploadTickets.id, ticketId), isNull(uploadTickets.usedAt), gt(uploadTickets.expiresAt, sql`now()`)))
    .returning({ id: uploadTickets.id });
  return claimed.length === 1;
}

/** Remembers the job a ticket's upload created, for repeats of that upload. */
export async function recordTicketJob(db: Db, ticketId: string, jobId: string): Promise<void> {
  await db.update(uploadTickets).set({ jobId }).where(eq(uploadTickets.id, ticketId));
}

/** The job a used ticket remembers, or null. */
export async function ticketJobId(db: Db, ticketId: string): Promise<string | null> {
  const [row] = await db.select({ jobId: uploadTickets.jobId }).from(uploadTickets).where(eq(uploadTickets.id, ticketId));
  return row?.jobId ?? null;
}
