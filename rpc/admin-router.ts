/**
 * The local operator's API (p2m keys …), served only on a Unix socket whose
 * file mode is the authentication (see admin-socket.ts). It manages API keys
 * for any account, through the same core functions as everything else.
 */
import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import type { Services } from '../core/context.ts';
import { isDomainError } from '../core/errors.ts';
import { createLocalKey, listLocalKeys, LocalKeyInput, revokeLocalKey } from '../core/keys/local-keys.ts';
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


export const adminRouter = t.router({
  keys: t.router({
    create: adminProcedure.input(LocalKeyInput).mutation(({ ctx, input }) => createLocalKey(ctx.services, input)),
    list: adminProcedure
      .input(z.object({ email: z.email() }))
      .query(async ({ ctx, input }) => ({ items: await listLocalKeys(ctx.services, input) })),
    revoke: adminProcedure.input(z.object({ key_id: z.uuid() })).mutation(async ({ ctx, input }) => {
      await revokeLocalKey(ctx.services, input);
      return { key_id: input.key_id, revoked: true };
    }),
  }),
});

export type AdminRouter = typeof adminRouter;
