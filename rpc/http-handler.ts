/**
 * The internal tRPC API as Express middleware (mounted at /api/internal/trpc
 * by server/create-app.ts), authenticated like the public v2 API: an API key bearer,
 * or the web session cookie (with its Origin rule for mutations).
 * 401 carries a Bearer challenge and 429 Retry-After and RateLimit, as on REST.
 */
import { randomUUID } from 'node:crypto';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { AnyTRPCRouter } from '@trpc/server';
import type { RequestHandler } from 'express';
import type { Runtime } from '../core/runtime.ts';
import { transportLimits } from '../core/transport-limits.ts';
import { resolvePrincipal } from '../http/credentials/resolve-principal.ts';
import '../http/request-types.ts';
import { rateLimitHeaders } from '../http/rate-headers.ts';
import { isDomainError } from '../core/errors.ts';
import { domainCodeOf } from './error-formatter.ts';
import type { RpcContext } from './trpc.ts';

/**
 * tRPC reads a body under one fixed cap, so there is one handler per
 * distinct JSON cap of the tier table, and each request goes to its caller's
 * (an unknown caller to the smallest: the context refuses it anyway).
 */
/** Each request's one credential lookup, made before tRPC reads the body. */
const authenticated = new WeakMap<object, ReturnType<typeof resolvePrincipal>>();

/** The middleware serving `router` (server/app-router.ts builds it from the route records). */
export function createTrpcMiddleware(runtime: Runtime, router: AnyTRPCRouter): RequestHandler {
  const handlers = new Map<number, RequestHandler>();
  const smallest = Math.min(...Object.values(runtime.config.tiers).map((t) => t.jsonBodyBytes));
  return async (req, res, next) => {
    // Authenticated once: the same answer (or refusal) serves the context below.
    const auth = resolvePrincipal(req, runtime);
    authenticated.set(req, auth);
    const principal = await auth.catch(() => null);
    const cap = principal ? transportLimits(runtime.config, principal.tier).jsonBodyBytes : smallest;
    let handle = handlers.get(cap);
    if (!handle) handlers.set(cap, (handle = trpcHandler(runtime, router, cap)));
    return handle(req, res, next);
  };
}

function trpcHandler(runtime: Runtime, router: AnyTRPCRouter, maxBodySize: number): RequestHandler {
  return createExpressMiddleware({
    router,
    // tRPC stops reading past the cap and answers 413 too_large.
    maxBodySize,
    createContext: ({ req }): RpcContext => ({
      services: runtime,
      requestId: typeof req.requestId === 'string' ? req.requestId : randomUUID(),
      authenticate: () => authenticated.get(req) ?? resolvePrincipal(req, runtime),
    }),
    responseMeta: ({ errors }) => {
      const headers = new Headers();
      for (const e of errors) {
        if (domainCodeOf(e) === 'unauthenticated') headers.set('WWW-Authenticate', 'Bearer realm="p2m"');
        if (!isDomainError(e.cause)) continue;
        if (e.cause.retryAfter !== undefined) headers.set('Retry-After', String(e.cause.retryAfter));
        if (e.cause.rate) for (const [k, v] of Object.entries(rateLimitHeaders(e.cause.rate))) headers.set(k, v);
      }
      return { headers };
    },
    onError: ({ error }) => {
      if (domainCodeOf(error) === 'internal') runtime.log.error({ err: error.cause ?? error }, 'trpc request failed');
    },
  });
}
