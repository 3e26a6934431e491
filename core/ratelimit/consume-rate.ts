/**
 * The rate rule, once for every transport: each caller has a budget of its
 * tier's ratePerMinute calls per API key, device or session, and every
 * operation call spends from it (invoke() charges it, so an MCP request
 * carrying many tool calls, or a tRPC batch, pays for each). A call costs one,
 * except the cheap answers of polling (call-cost.ts: a "not modified" read a
 * quarter, a long poll half), so budgets count quarter calls. Transports never
 * charge; they only write what the charge reports (RateLimit headers, 429
 * with Retry-After).
 */
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import type { Principal } from '../principal.ts';
import { consumeAddressBudgets, type AddressBudget } from './address-budgets.ts';
import { UNITS_PER_CALL } from './call-cost.ts';
import { WINDOW_SECONDS, type RateDecision, type RateLimiter } from './rate-limiter.ts';

/** What the charge needs: a Ctx satisfies it. */
export type RateCtx = { config: Pick<Config, 'tiers'>; rateLimiter: RateLimiter; principal: Principal };

/** A credential's counter; anonymous callers spend from their address budgets instead (address-budgets.ts). */
type Credential = Exclude<Principal, { kind: 'anonymous' }>;

/**
 * The caller's budget after a charge, in the terms of the IETF RateLimit
 * header fields (draft-ietf-httpapi-ratelimit-headers): policy name, quota
 * `q` per window `w`, remaining `r`, seconds to reset `t`.
 */
export type RateCharge = {
  policy: string;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
};

/** The counter a principal spends from: per key, per device, per session. */
export function rateKeyOf(p: Credential): string {
  switch (p.kind) {
    case 'api_key':
      return `key:${p.keyId}`;
    case 'device':
    case 'upload_ticket':
      // An upload through a ticket spends from the budget of the device that minted it.
      return `device:${p.deviceId}`;
    case 'session':
      return `session:${p.sessionId}`;
  }
}

/**
 * Spends `units` (a whole call by default; call-cost.ts) from the caller's budget; throws rate_limited (with
 * retryAfter and the charge) when it is empty. Anonymous callers spend one call of each address budget.
 * Null when budgets are lifted: no policy applies, so there is nothing to report.
 */
export async function consumeRate(
  ctx: RateCtx,
  addressBudgets: readonly AddressBudget[] = [],
  units: number = UNITS_PER_CALL,
): Promise<RateCharge | null> {
  if (ctx.rateLimiter.lifted) return null;
  const p = ctx.principal;
  if (p.kind === 'anonymous') return consumeAddressBudgets(ctx.rateLimiter, addressBudgets, p.address);
  const perMinute = ctx.config.tiers[p.tier].ratePerMinute;
  return verdict(p, perMinute, await ctx.rateLimiter.consume(rateKeyOf(p), perMinute * UNITS_PER_CALL, units));
}

/**
 * Spends the rest of a call's cost once its answer is made (a poll charged its least cost up front that turned out
 * a full read). Never refuses: the answer exists; an overdraft refuses the next call instead. Null when lifted or
 * anonymous (address budgets count calls, charged whole up front).
 */
export async function consumeRest(ctx: RateCtx, units: number): Promise<RateCharge | null> {
  const p = ctx.principal;
  if (ctx.rateLimiter.lifted || units <= 0 || p.kind === 'anonymous') return null;
  const perMinute = ctx.config.tiers[p.tier].ratePerMinute;
  const d = await ctx.rateLimiter.consume(rateKeyOf(p), perMinute * UNITS_PER_CALL, units);
  return chargeOf(p, perMinute, d);
}

/**
 * Whether the caller has anything left, without spending: lets a transport
 * refuse a large body from a caller who is already limited before reading
 * it. Throws rate_limited like consumeRate. A store failure lets the request
 * through: the charge in invoke() decides.
 */
export async function assertRateLeft(ctx: RateCtx): Promise<void> {
  const p = ctx.principal;
  if (p.kind === 'anonymous') return;
  const perMinute = ctx.config.tiers[p.tier].ratePerMinute;
  const decision = await ctx.rateLimiter.peek(rateKeyOf(p), perMinute * UNITS_PER_CALL).catch(() => null);
  if (decision) verdict(p, perMinute, decision);
}

/** The charge in whole calls (d counts units). */
function chargeOf(p: Credential, perMinute: number, d: RateDecision): RateCharge {
  return {
    policy: p.tier,
    limit: perMinute,
    windowSeconds: WINDOW_SECONDS,
    remaining: d.allowed ? Math.floor(d.remaining / UNITS_PER_CALL) : 0,
    resetSeconds: d.resetSeconds,
  };
}

function verdict(p: Credential, perMinute: number, d: RateDecision): RateCharge {
  const charge = chargeOf(p, perMinute, d);
  if (!d.allowed) {
    throw new DomainError('rate_limited', `Too many requests: this tier allows ${perMinute} operation calls a minute.`, {
      retryAfter: d.retryAfterSeconds,
      rate: charge,
    });
  }
  return charge;
}
