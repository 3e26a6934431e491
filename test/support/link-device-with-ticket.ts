import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../../core/errors.ts';
import type { Services } from '../../core/context.ts';
import { linkDevice } from '../../core/devices/link/link-device.ts';
import { linkTicketHash } from '../../core/devices/link/link-ticket.ts';
import { deviceLinkTickets } from '../../db/schema.ts';

const INVALID = 'The device-link ticket is invalid, expired or already used; start the link again from the device.';

/**
 * TESTS ONLY: links a ticket's device at once, as if the person had pressed
 * "Link this device" (the service itself links only through
 * core/devices/link/confirm-device-link.ts). Consumes the ticket (single
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
