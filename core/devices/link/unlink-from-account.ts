import { z } from 'zod';
import { inTransaction } from '../../../db/in-transaction.ts';
import { defineOperation } from '../../operation.ts';
import { deviceIdOf } from '../../principal.ts';
import { unlinkDevice } from './link-device.ts';
import { LinkStatus } from './link-status.ts';

export const unlinkFromAccount = defineOperation({
  name: 'unlink_device',
  title: 'Unlink the device from its account',
  description:
    'Unlinks the calling device. Its active jobs return to it as anonymous jobs (owner_type device, tier anonymous) and keep running; finished jobs stay readable. The API keys it created are revoked; webhooks it registered stay with the account. Idempotent.',
  scope: null,
  errors: [],
  actors: ['device'],
  input: z.object({}),
  output: LinkStatus,
  async handler(ctx) {
    const deviceId = deviceIdOf(ctx.principal)!;
    await inTransaction(ctx.db, (tx) => unlinkDevice(tx, ctx.config.tiers, deviceId));
    return { linked: false, tier: 'anonymous' as const };
  },
});
