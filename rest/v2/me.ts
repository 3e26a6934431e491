/** GET /api/v2/me and GET /api/v2/usage: the caller's account and its fair-use progress (API key or session). */
import { z } from 'zod';
import { getMe, getUsage } from '../../core/operations.ts';
import type { Route } from '../../http/route.ts';
import { defineRoute } from '../define-route.ts';
import { KEY_OR_SESSION } from '../route-auth.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

/** The account reads. */
export const ME_ROUTES = [
  defineRoute({
    method: 'get', path: '/api/v2/me', auth: KEY_OR_SESSION, operation: getMe, rpc: 'account.me', statuses: [401, 429], mapRequest: () => ({}),
    openapi: { operationId: 'get_me', tag: 'account', success: 200, ok: { description: 'The account.', content: json(getMe.output) } },
  }),
  defineRoute({
    method: 'get', path: '/api/v2/usage', auth: KEY_OR_SESSION, operation: getUsage, rpc: 'account.usage', statuses: [401, 429], mapRequest: () => ({}),
    openapi: { operationId: 'get_usage', tag: 'account', success: 200, ok: { description: 'Fair-use progress.', content: json(getUsage.output) } },
  }),
] as const satisfies readonly Route[];
