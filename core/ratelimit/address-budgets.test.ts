import { describe, expect, it } from 'vitest';
import { DEFAULT_TIERS } from '../tiers.ts';
import type { Principal } from '../principal.ts';
import type { AddressBudget } from './address-budgets.ts';
import { consumeRate } from './consume-rate.ts';
import { createRateLimiter } from './rate-limiter.ts';

const anon = (address: string): Principal => ({ kind: 'anonymous', address, accountId: null, tier: 'anonymous' });
const budgets: AddressBudget[] = [
  { policy: 't-address', key: 't:ip', per: 'address', perMinute: 2, message: 'address spent' },
  { policy: 't-network', key: 't:net', per: 'network', perMinute: 3, message: 'network spent' },
];

describe('anonymous callers spend their address budgets', () => {
  it('per address, then per network, naming the budget that ran out; nothing without budgets', async () => {
    const rateLimiter = await createRateLimiter({ redisUrl: undefined, rateLimit: true });
    const ctx = (address: string) => ({ config: { tiers: DEFAULT_TIERS }, rateLimiter, principal: anon(address) });
    expect(await consumeRate(ctx('192.0.2.1'), budgets)).toMatchObject({ policy: 't-address', remaining: 1 });
    expect(await consumeRate(ctx('192.0.2.1'), budgets)).toMatchObject({ remaining: 0 });
    await expect(consumeRate(ctx('192.0.2.1'), budgets)).rejects.toMatchObject({ code: 'rate_limited', message: 'address spent', rate: { policy: 't-address' } });
    // The same /24: its own address budget, and the network's last call (a refused call spends nothing further).
    expect(await consumeRate(ctx('192.0.2.2'), budgets)).toMatchObject({ policy: 't-network', remaining: 0 });
    await expect(consumeRate(ctx('192.0.2.3'), budgets)).rejects.toMatchObject({ message: 'network spent', rate: { policy: 't-network' } });
    expect(await consumeRate(ctx('198.51.100.7'), budgets)).toMatchObject({ remaining: 1 });
    for (let i = 0; i < 50; i++) await expect(consumeRate(ctx('192.0.2.1'), [])).resolves.toBeNull();
    await rateLimiter.close();
  });
});
