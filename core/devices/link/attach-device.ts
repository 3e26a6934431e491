import { z } from 'zod';
import { inTransaction } from '../../../db/in-transaction.ts';
import { defineOperation } from '../../operation.ts';
import { deviceIdOf } from '../../principal.ts';
import { authenticateAnySession } from '../../sessions/authenticate-session.ts';
import { linkDevice } from './link-device.ts';
import { LinkStatus } from './link-status.ts';

/**
 * The second way to link (besides the sign-in callback with a link ticket):
 * a device-signed request that also carries a valid web session. Both
 * credentials are checked here in core, the device's by the caller's
 * principal, the session's by its token.
 */
export const attachDevice = defineOperation({
  name: 'attach_device',
  title: 'Link the device to the signed-in account',
  description:
    "Links the calling device to the account of the web session sent with the same request; the device's anonymous jobs move to the account (owner_type account_device, its tier and slots). Idempotent; a device linked to another account is refused (403).",
  scope: null,
  errors: ['unauthenticated', 'forbidden', 'not_found'],
  actors: ['device'],
  input: z.object({
    session_tokens: z.array(z.string().min(1)).min(1).max(16).describe('The p2m_session cookies of the same request; the valid one counts (a planted cookie may come first).'),
  }),
  output: LinkStatus,
  async handler(ctx, { session_tokens }) {
    const session = await authenticateAnySession(ctx, session_tokens);
    const deviceId = deviceIdOf(ctx.principal)!;
    const { tier } = await inTransaction(ctx.db, (tx) => linkDevice(tx, ctx.config.tiers, deviceId, session.accountId));
    return { linked: true, tier };
  },
});
