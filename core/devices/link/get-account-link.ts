import { z } from 'zod';
import { defineOperation } from '../../operation.ts';
import { LinkStatus } from './link-status.ts';

export const getAccountLink = defineOperation({
  name: 'get_account_link',
  title: 'Get the device link status',
  description: 'Whether the calling device is linked to an account, and the tier it converts on.',
  scope: null,
  errors: [],
  actors: ['device'],
  input: z.object({}),
  output: LinkStatus,
  // The principal was read from the device row for this very request: it is the live status.
  async handler(ctx) {
    return { linked: ctx.principal.accountId !== null, tier: ctx.principal.tier };
  },
});
