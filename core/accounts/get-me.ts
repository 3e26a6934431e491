import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { accounts } from '../../db/schema.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { accountIdOf } from './account-of.ts';

export const Account = z
  .object({
    id: z.uuid(),
    email: z.string().nullable().describe('The verified e-mail the account was signed in with (unique).'),
    name: z.string().nullable().describe('The name the identity provider gave, if any.'),
    tier: z.string().describe('The plan: free or a paid tier.'),
    created_at: z.iso.datetime(),
    authenticated_by: z.enum(['session', 'api_key']).describe('How this request was authenticated.'),
  })
  .describe('The signed-in account.');

export const getMe = defineOperation({
  name: 'get_me',
  title: 'Get the current account',
  description: 'The account behind the session or API key: id, e-mail, plan and when it was created.',
  scope: null,
  errors: ['unauthenticated'],
  actors: ['api_key', 'session'],
  input: z.object({}),
  output: Account,
  async handler(ctx) {
    const id = accountIdOf(ctx.principal);
    const [row] = await ctx.db.select().from(accounts).where(eq(accounts.id, id));
    // A key or session outlives no account (they cascade), but a read may race the deletion.
    if (!row) throw new DomainError('unauthenticated', 'This account no longer exists.');
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      tier: row.tier,
      created_at: row.createdAt.toISOString(),
      authenticated_by: ctx.principal.kind === 'session' ? ('session' as const) : ('api_key' as const),
    };
  },
});
