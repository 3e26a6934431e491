/**
 * The tRPC instance of the internal jobs API. Its context holds the services
 * and a way to authenticate the request; authedProcedure turns that into a
 * core Ctx (API key → principal), so procedures only call invoke(), which
 * also charges the rate budget per call (a batch pays for each).
 */
import { initTRPC } from '@trpc/server';
import type { Ctx, Services } from '../core/context.ts';
import { DomainError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';
import { errorFormatter } from './error-formatter.ts';
import { toTrpcError } from './trpc-code.ts';

export type RpcContext = {
  services: Services;
  requestId: string;
  /** The request's principal; null when it carries no credential; throws unauthenticated for a bad one. */
  authenticate(): Promise<Principal | null>;
};

/** Each procedure names the core operation it runs, so the operation → procedure map is read from the router itself. */
export type RpcMeta = { operation: string };

const t = initTRPC.context<RpcContext>().meta<RpcMeta>().create({ errorFormatter, isDev: false });

export const router = t.router;

/** The root types (context, meta, error shape) every router of this instance has. */
export type RpcRoot = (typeof t)['_config']['$types'];

export const authedProcedure = t.procedure.use(async ({ ctx, next }) => {
  let core: Ctx;
  try {
    const principal = await ctx.authenticate();
    if (!principal) throw new DomainError('unauthenticated', 'Send an API key (Authorization: Bearer p2m_...) or sign in.');
    core = { ...ctx.services, log: ctx.services.log.child({ request_id: ctx.requestId }), principal, requestId: ctx.requestId };
  } catch (err) {
    throw toTrpcError(err);
  }
  return next({ ctx: { core } });
});
