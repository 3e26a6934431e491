import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { inTransaction } from '../../../db/in-transaction.ts';
import { devices } from '../../../db/schema.ts';
import { accountIdOf } from '../../accounts/account-of.ts';
import { DomainError } from '../../errors.ts';
import { defineOperation } from '../../operation.ts';
import { unlinkDevice } from '../link/link-device.ts';

export const UnlinkedDevice = z.object({
  device_id: z.uuid(),
  linked: z.literal(false),
  jobs_returned: z.number().int().describe('Its active jobs, which went back to the device as anonymous jobs.'),
  api_keys_revoked: z.number().int().describe('The API keys the device had created, now revoked.'),
});

export const unlinkAccountDevice = defineOperation({
  name: 'unlink_account_device',
  title: 'Unlink a device from the account',
  description:
    "Unlinks one of the account's devices, with the rules of the device's own unlink: its active jobs return to it as anonymous jobs and keep running, finished ones stay with the account, its unused upload tickets stop working. The API keys it created are revoked; webhooks it registered stay. A device that is not linked to this account is not_found.",
  scope: null,
  actors: ['session'],
  input: z.object({ device_id: z.string().describe('The id of the device (a UUID).') }),
  output: UnlinkedDevice,
  errors: ['not_linked', 'not_found'],
  async handler(ctx, { device_id }) {
    const accountId = accountIdOf(ctx.principal);
    const notFound = () => new DomainError('not_found', 'No such device is linked to this account.');
    if (!z.uuid().safeParse(device_id).success) throw notFound();
    return inTransaction(ctx.db, async (tx) => {
      const [mine] = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.id, device_id), eq(devices.accountId, accountId)))
        .for('update');
      if (!mine) throw notFound();
      const out = await unlinkDevice(tx, ctx.config.tiers, device_id);
      return { device_id, linked: false as const, jobs_returned: out.movedJobs, api_keys_revoked: out.revokedKeys };
    });
  },
});
