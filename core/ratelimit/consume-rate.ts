/**
 * The rate rule, once for every transport: each caller has a budget of its
 * tier's ratePerMinute per API key, device or session. Transports call this
 * after authenticating and turn rate_limited into their own answer (REST 429
 * with Retry-After, a JSON-RPC error for MCP).
 */
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import type { Principal } from '../principal.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** What consumeRate needs: a Ctx satisfies it. */
export type RateCtx = { config: Pick<Config, 'tiers'>; rateLimiter: RateLimiter; principal: Principal };

/** The counter a principal spends from: per key, per device, per session. */
export function rateKeyOf(p: Principal): string {
  switch (p.kind) {
    case 'api_key':
      return `key:${p.keyId}`;
    case 'device':
      return `device:${p.deviceId}`;
    case 'session':
      return `session:${p.sessionId}`;
  }
}

/** Spends one request from the caller's budget; throws rate_limited (with retryAfter seconds) when it is empty. */
export async function consumeRate(ctx: RateCtx): Promise<void> {
  const perMinute = ctx.config.tiers[ctx.principal.tier].ratePerMinute;
  const decision = await ctx.rateLimiter.consume(rateKeyOf(ctx.principal), perMinute);
  if (!decision.allowed) {
    throw new DomainError('rate_limited', `Too many requests: this tier allows ${perMinute} a minute.`, {
      retryAfter: decision.retryAfterSeconds,
    });
  }
}
