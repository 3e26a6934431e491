import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { accounts, apiKeys, devices, uploadTickets } from '../../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import { TierName, type Tiers } from '../../tiers.ts';
import { lockOwners, moveActiveJobsToDevice, moveDeviceJobsToAccount } from './move-device-jobs.ts';

export type LinkOutcome = { accountId: string; tier: TierName; movedJobs: number };

/**
 * Links a device to an account inside `tx` and re-attaches its anonymous
 * jobs. Idempotent for the same account; a device linked to another account
 * is refused (forbidden): it has to unlink first, which only its key holder
 * can do. The device row is locked, so concurrent links of one device
 * serialise and the second sees the first's outcome.
 */
export async function linkDevice(
  tx: Db,
  tiers: Tiers,
  deviceId: string,
  accountId: string,
  opts: { userCodeHint?: string } = {},
): Promise<LinkOutcome> {
  const [device] = await tx.select({ accountId: devices.accountId }).from(devices).where(eq(devices.id, deviceId)).for('update');
  if (!device) throw new DomainError('not_found', 'The device no longer exists; register it again.');
  if (device.accountId !== null && device.accountId !== accountId) {
    throw new DomainError('forbidden', 'This device is linked to another account; unlink it from the device first.');
  }
  const [account] = await tx.select({ tier: accounts.tier }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new DomainError('not_found', 'No such account.');
  const tier = TierName.parse(account.tier);
  await lockOwners(tx, [`device:${deviceId}`, `account:${accountId}`]);
  if (device.accountId === null) {
    await tx
      .update(devices)
      .set({ accountId, linkedAt: sql`now()`, userCodeHint: opts.userCodeHint ?? null })
      .where(eq(devices.id, deviceId));
  }
  const movedJobs = await moveDeviceJobsToAccount(tx, tiers, { deviceId, accountId, tier });
  return { accountId, tier, movedJobs };
}

export type UnlinkOutcome = { accountId: string | null; movedJobs: number; revokedKeys: number };

/**
 * Unlinks a device inside `tx`: its active jobs return to it, anonymous, its
 * unused upload tickets (bound to the account) stop working, and the API keys
 * it created are revoked (the key cache is emptied by the api_keys trigger).
 * Webhooks it registered stay: they are the account's. Idempotent: an
 * unlinked device is left as it is. Returns the account it left, if any.
 */
export async function unlinkDevice(tx: Db, tiers: Tiers, deviceId: string): Promise<UnlinkOutcome> {
  const [device] = await tx.select({ accountId: devices.accountId }).from(devices).where(eq(devices.id, deviceId)).for('update');
  if (!device?.accountId) return { accountId: null, movedJobs: 0, revokedKeys: 0 };
  const accountId = device.accountId;
  await lockOwners(tx, [`device:${deviceId}`, `account:${accountId}`]);
  await tx.update(devices).set({ accountId: null, linkedAt: null, userCodeHint: null }).where(eq(devices.id, deviceId));
  await tx.delete(uploadTickets).where(and(eq(uploadTickets.deviceId, deviceId), isNull(uploadTickets.usedAt)));
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.deviceId, deviceId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  const movedJobs = await moveActiveJobsToDevice(tx, tiers, { deviceId, accountId });
  return { accountId, movedJobs, revokedKeys: revoked.length };
}
