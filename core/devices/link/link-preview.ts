import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { rows } from '../../../db/rows.ts';
import type { Db } from '../../../db/database.ts';
import { deviceLinkTickets, devices } from '../../../db/schema.ts';
import type { Services } from '../../context.ts';
import { DomainError } from '../../errors.ts';
import { ACTIVE_STATUSES } from '../../jobs/job-status.ts';
import { linkTicketHash } from './link-ticket.ts';
import { userCodeOf } from './user-code.ts';

/** What the confirmation page tells the person about the device that asks to be linked. */
export type LinkPreview = {
  ticketId: string;
  deviceId: string;
  userCode: string;
  registeredAt: Date;
  /** The device's anonymous jobs, which move to the account with the link. */
  jobs: { total: number; active: number };
  /** Already linked to this very account: nothing to confirm. */
  alreadyLinked: boolean;
};

export const INVALID_TICKET = 'This device-link request is invalid, expired or already used; start the link again from the device.';

/**
 * The device behind an unused, unexpired link ticket, as the account
 * `accountId` would link it. bad_input for a ticket that cannot be used;
 * forbidden when the device is linked to another account.
 */
export async function previewLink(s: Pick<Services, 'db' | 'secretKey'>, ticket: string, accountId: string): Promise<LinkPreview> {
  const hash = linkTicketHash(ticket);
  if (hash === null) throw new DomainError('bad_input', INVALID_TICKET);
  const [row] = await s.db
    .select({ ticketId: deviceLinkTickets.id, deviceId: devices.id, accountId: devices.accountId, createdAt: devices.createdAt })
    .from(deviceLinkTickets)
    .innerJoin(devices, eq(devices.id, deviceLinkTickets.deviceId))
    .where(and(eq(deviceLinkTickets.tokenHash, hash), isNull(deviceLinkTickets.usedAt), gt(deviceLinkTickets.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) throw new DomainError('bad_input', INVALID_TICKET);
  if (row.accountId !== null && row.accountId !== accountId) {
    throw new DomainError('forbidden', 'This device is linked to another account; it has to unlink there first.');
  }
  return {
    ticketId: row.ticketId,
    deviceId: row.deviceId,
    userCode: userCodeOf(s.secretKey, row.ticketId),
    registeredAt: row.createdAt,
    jobs: await anonymousJobs(s.db, row.deviceId),
    alreadyLinked: row.accountId === accountId,
  };
}

const ACTIVE = sql.raw(ACTIVE_STATUSES.map((st) => `'${st}'`).join(', '));

async function anonymousJobs(db: Db, deviceId: string): Promise<LinkPreview['jobs']> {
  const [counts] = await rows<{ total: number; active: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where status in (${ACTIVE}))::int as active
        from jobs where owner_key = ${`device:${deviceId}`} and deleted_at is null`,
  );
  return counts ?? { total: 0, active: 0 };
}
