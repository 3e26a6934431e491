import type { RequestHandler } from 'express';
import type { Services } from '../../core/context.ts';
import { authenticate } from '../../http/credentials/authenticate.ts';

/** What every authenticated v2 route runs first: who is calling. The rate budget is charged per operation call by core's invoke(). */
export function v2Guard(services: Services): RequestHandler[] {
  return [authenticate(services)];
}
