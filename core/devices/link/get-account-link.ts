import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { accounts } from '../../../db/schema.ts';
import { defineOperation } from '../../operation.ts';
import { LinkStatus } from './link-status.ts';

export const getAccountLink = defineOperation({
  name: 'get_account_link',
  title: 'Get the device link status',
  description: "Whether the calling device is linked to an account, the tier it converts on, and the account's e-mail when linked.",
  scope: null,
  errors: [],
  actors: ['device'],
  input: z.object({}),
  output: LinkStatus,
  // The principal was read from the device row for this very request: it is the live status.
  async handler(ctx) {
    const accountId = ctx.principal.accountId;
    if (accountId === null) return { linked: false, tier: ctx.principal.tier };
    // The device is linked to its own account only, so its owner may see the account's e-mail.
    const [row] = await ctx.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
    return { linked: true, tier: ctx.principal.tier, email: row?.email ?? null };
  },
});
