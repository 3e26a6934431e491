/**
 * The rate policy of anonymous callers: an operation open to callers without
 * a credential names its budgets per client address and per network (the /24
 * of an IPv4 address, the /48 of an IPv6 one, standing in for the ASN), each
 * a number of calls a minute from configuration. invoke() charges them
 * before anything else, like a credential's budget; operations without
 * budgets cost an anonymous caller nothing (the client config, plans).
 * Counted in the shared rate limiter, so Redis spreads them over every API
 * process.
 */
import type { Config } from '../config.ts';
import { canonicalAddress, networkPrefix } from '../devices/network-prefix.ts';
import { DomainError } from '../errors.ts';
import type { RateCharge } from './consume-rate.ts';
import { WINDOW_SECONDS, type RateLimiter } from './rate-limiter.ts';

export type AddressBudget = {
  /** Counter name, also the RateLimit policy name (`register-address`). */
  policy: string;
  /** Counter key prefix (`register:ip`); the address or network follows. */
  key: string;
  /** Whose calls share the budget: one address, or its whole network. */
  per: 'address' | 'network';
  perMinute: number;
  /** The 429 message. */
  message: string;
};

/** An operation's budgets, from the running configuration. */
export type AddressBudgets = (config: Config) => readonly AddressBudget[];

/** Spends one call from each budget for `address`; rate_limited naming the first that is empty. Returns the tightest. */
export async function consumeAddressBudgets(
  limiter: RateLimiter,
  budgets: readonly AddressBudget[],
  address: string,
): Promise<RateCharge | null> {
  let tightest: RateCharge | null = null;
  for (const b of budgets) {
    const who = b.per === 'address' ? canonicalAddress(address) : networkPrefix(address);
    const decision = await limiter.consume(`${b.key}:${who}`, b.perMinute);
    const charge: RateCharge = {
      policy: b.policy,
      limit: b.perMinute,
      windowSeconds: WINDOW_SECONDS,
      remaining: decision.allowed ? decision.remaining : 0,
      resetSeconds: decision.resetSeconds,
    };
    if (!decision.allowed) throw new DomainError('rate_limited', b.message, { retryAfter: decision.retryAfterSeconds, rate: charge });
    if (!tightest || charge.remaining < tightest.remaining) tightest = charge;
  }
  return tightest;
}
