import type { RequestHandler } from 'express';
import type { Services } from '../../core/context.ts';
import { authenticate } from '../../http/credentials/authenticate.ts';
import { rateLimit } from '../../http/rate-limit.ts';

/** What every authenticated v2 route runs first: who is calling, then whether they still have budget. */
export function v2Guard(services: Services): RequestHandler[] {
  return [authenticate(services), rateLimit(services)];
}
