/**
 * The local operator's API (p2m keys …), served only on a Unix socket whose
 * file mode is the authentication (see admin-socket.ts). It manages API keys
 * for any account, through the same core functions as everything else.
 */
import { initTRPC } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ensureAccount } from '../core/accounts/ensure-account.ts';
import type { Services } from '../core/context.ts';
import { DomainError, isDomainError } from '../core/errors.ts';
import { issueApiKey } from '../core/keys/issue-api-key.ts';
import { listApiKeys } from '../core/keys/list-api-keys.ts';
import { revokeApiKey } from '../core/keys/revoke-api-key.ts';
import { Scope } from '../core/scopes.ts';
import { accounts } from '../db/schema.ts';
import { errorFormatter } from './error-formatter.ts';
import { toTrpcError } from './trpc-code.ts';

export type AdminContext = { services: Services };

const t = initTRPC.context<AdminContext>().create({ errorFormatter, isDev: false });

// Domain errors (limit_reached, not_found) keep their code in error data.
const adminProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDomainError(result.error.cause)) throw toTrpcError(result.error.cause);
  return result;
});

const Email = z.email().max(320);

export const adminRouter = t.router({
  keys: t.router({
    create: adminProcedure
      .input(z.object({ email: Email, name: z.string().min(1).max(100), scopes: z.array(Scope).optional() }))
      .mutation(async ({ ctx, input }) => {
        const account = await ensureAccount(ctx.services.db, input.email);
        const { record, secret } = await issueApiKey(ctx.services.db, ctx.services.config.tiers, {
          accountId: account.id,
          name: input.name,
          ...(input.scopes ? { scopes: input.scopes } : {}),
        });
        return { key: secret, key_id: record.id, account_id: account.id, scopes: record.scopes };
      }),
    list: adminProcedure.input(z.object({ email: Email })).query(async ({ ctx, input }) => {
      const [account] = await ctx.services.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, input.email.trim().toLowerCase()));
      if (!account) throw toTrpcError(new DomainError('not_found', `No account ${input.email}.`));
      return { account_id: account.id, items: await listApiKeys(ctx.services.db, account.id) };
    }),
    revoke: adminProcedure.input(z.object({ key_id: z.uuid() })).mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.services.db, input.key_id, null);
      return { key_id: input.key_id, revoked: true };
    }),
  }),
});

export type AdminRouter = typeof adminRouter;
