import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { deviceLinkTickets } from '../../../db/schema.ts';
import type { Services } from '../../context.ts';
import { DomainError } from '../../errors.ts';
import { linkDevice } from './link-device.ts';
import { linkTicketHash } from './link-ticket.ts';

const INVALID = 'The device-link ticket is invalid, expired or already used; start the link again from the device.';

/**
 * The sign-in callback's half of a device link: consumes the ticket (single
 * use), links its device to `accountId` and re-attaches the device's jobs
 * (owner_type account_device, the account's tier and slots), all in one
 * transaction. bad_input for an invalid, expired or used ticket; forbidden
 * when the device is linked to another account (the ticket is then left
 * unused, as nothing happened).
 */
export async function linkDeviceWithTicket(services: Pick<Services, 'db' | 'config'>, ticket: string, accountId: string): Promise<void> {
  const hash = linkTicketHash(ticket);
  if (hash === null) throw new DomainError('bad_input', INVALID);
  await services.db.transaction(async (tx) => {
    const [used] = await tx
      .update(deviceLinkTickets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(deviceLinkTickets.tokenHash, hash), isNull(deviceLinkTickets.usedAt), gt(deviceLinkTickets.expiresAt, sql`now()`)))
      .returning({ deviceId: deviceLinkTickets.deviceId });
    if (!used) throw new DomainError('bad_input', INVALID);
    await linkDevice(tx, services.config.tiers, used.deviceId, accountId);
  });
}
