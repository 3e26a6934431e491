import type { Request } from 'express';
import type { Config } from '../core/config.ts';

/**
 * The origin for absolute links in answers: the one the request came in on
 * when it is a configured public origin, else the first configured one, so a
 * forged Host header can never point a client elsewhere.
 */
export function publicOriginOf(req: Request, config: Pick<Config, 'publicOrigins'>): string {
  const host = req.get('host');
  if (host) {
    try {
      const origin = new URL(`${req.protocol}://${host}`).origin;
      if (config.publicOrigins.includes(origin)) return origin;
    } catch {
      // An unparseable Host falls through to the default origin.
    }
  }
  return config.publicOrigins[0]!;
}
