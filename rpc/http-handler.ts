/**
 * The internal tRPC API as Express middleware (mounted at /api/internal/trpc
 * by rest/app.ts), authenticated by API key bearer like the public API.
 * 401 carries a Bearer challenge and 429 Retry-After and RateLimit, as on REST.
 */
import { randomUUID } from 'node:crypto';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { RequestHandler } from 'express';
import type { Runtime } from '../core/runtime.ts';
import { apiKeyBearer } from '../http/credentials/api-key-bearer.ts';
import '../http/request-types.ts';
import { rateLimitHeaders } from '../http/rate-headers.ts';
import { isDomainError } from '../core/errors.ts';
import { domainCodeOf } from './error-formatter.ts';
import { appRouter } from './router.ts';
import type { RpcContext } from './trpc.ts';

export function createTrpcMiddleware(runtime: Runtime): RequestHandler {
  return createExpressMiddleware({
    router: appRouter,
    // Read at most the JSON cap (a base64 upload of the largest free file fits); tRPC stops reading and answers 413 past it.
    maxBodySize: runtime.config.jsonBodyBytes,
    createContext: ({ req }): RpcContext => ({
      services: runtime,
      requestId: typeof req.requestId === 'string' ? req.requestId : randomUUID(),
      authenticate: () => apiKeyBearer(req, runtime),
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
