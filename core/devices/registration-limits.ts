/**
 * Registration limits: a number of registrations a minute from one client
 * address and from its network (/24 or /48, standing in for the ASN), both
 * configurable (P2M_REGISTER_PER_IP, P2M_REGISTER_PER_NETWORK). Counted in the
 * shared rate limiter, so Redis spreads them over every API process.
 */
import type { Services } from '../context.ts';
import { DomainError } from '../errors.ts';
import { WINDOW_SECONDS } from '../ratelimit/rate-limiter.ts';
import { canonicalAddress, networkPrefix } from './network-prefix.ts';

type LimitServices = Pick<Services, 'config' | 'rateLimiter'>;

/** Spends one registration from the address's and the network's budgets; rate_limited when either is empty. */
export async function consumeRegistration(s: LimitServices, ip: string): Promise<void> {
  const checks = [
    { key: `register:ip:${canonicalAddress(ip)}`, perMinute: s.config.registerPerIp, what: 'this address', policy: 'register-address' },
    { key: `register:net:${networkPrefix(ip)}`, perMinute: s.config.registerPerNetwork, what: 'this network', policy: 'register-network' },
  ];
  for (const c of checks) {
    const decision = await s.rateLimiter.consume(c.key, c.perMinute);
    if (!decision.allowed) {
      throw new DomainError('rate_limited', `Too many device registrations from ${c.what}; try again later.`, {
        retryAfter: decision.retryAfterSeconds,
        // The RateLimit fields name which of the two budgets ran out.
        rate: { policy: c.policy, limit: c.perMinute, windowSeconds: WINDOW_SECONDS, remaining: 0, resetSeconds: decision.resetSeconds },
      });
    }
  }
}
