import { describe, expect, it } from 'vitest';
import { DEFAULT_TIERS } from '../tiers.ts';
import type { Principal } from '../principal.ts';
import { assertRateLeft, consumeRate, rateKeyOf } from './consume-rate.ts';
import { createRateLimiter } from './rate-limiter.ts';

const tiers = { ...DEFAULT_TIERS, free: { ...DEFAULT_TIERS.free, ratePerMinute: 2 } };
const key = (keyId: string): Extract<Principal, { kind: 'api_key' }> => ({ kind: 'api_key', accountId: 'a', keyId, scopes: [], tier: 'free' });

describe('consumeRate', () => {
  it('allows the tier budget per key, then throws rate_limited with a retry time', async () => {
    const rateLimiter = await createRateLimiter({ redisUrl: undefined, rateLimit: true });
    const ctx = { config: { tiers }, rateLimiter, principal: key('k1') };
    expect(await consumeRate(ctx)).toMatchObject({ policy: 'free', limit: 2, windowSeconds: 60, remaining: 1 });
    expect(await consumeRate(ctx)).toMatchObject({ remaining: 0 });
    await expect(assertRateLeft(ctx)).rejects.toMatchObject({ code: 'rate_limited', rate: { remaining: 0 } });
    const err = await consumeRate(ctx).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'rate_limited' });
    expect((err as { retryAfter: number }).retryAfter).toBeGreaterThanOrEqual(1);
    expect((err as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(60);
    // Another key has its own budget.
    await expect(assertRateLeft({ ...ctx, principal: key('k2') })).resolves.toBeUndefined();
    await expect(consumeRate({ ...ctx, principal: key('k2') })).resolves.toMatchObject({ remaining: 1 });
    await rateLimiter.close();
  });

  it('counts nothing and reaches no store when the budgets are lifted', async () => {
    // Nothing listens on port 1: a limiter that tried Redis would fail to start.
    const rateLimiter = await createRateLimiter({ redisUrl: 'redis://127.0.0.1:1', rateLimit: false });
    const ctx = { config: { tiers }, rateLimiter, principal: key('k1') };
    // Far more calls than any tier allows: every one passes, and no budget is reported (nothing to announce).
    for (let i = 0; i < 500; i++) await expect(consumeRate(ctx)).resolves.toBeNull();
    await rateLimiter.close();
  });

  it('counts devices and keys apart', () => {
    expect(rateKeyOf({ kind: 'device', deviceId: 'd', accountId: null, tier: 'anonymous' })).toBe('device:d');
    expect(rateKeyOf(key('x'))).toBe('key:x');
  });
});
