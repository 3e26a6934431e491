import { describe, expect, it } from 'vitest';
import { PriceCache, type PlanPrices } from './price-cache.ts';

const PRICES: PlanPrices = { pro: { priceId: 'price_1', amount: 900, currency: 'eur', interval: 'month', intervalCount: 1, active: true } };

function source() {
  const s = { calls: 0, fail: false, read: async (): Promise<PlanPrices> => {
    s.calls++;
    if (s.fail) throw new Error('provider down');
    return PRICES;
  } };
  return s;
}

describe('PriceCache', () => {
  it('reads once per TTL', async () => {
    const src = source();
    const cache = new PriceCache(src.read, 60_000);
    expect(await cache.get(0)).toEqual({ prices: PRICES, source: 'provider' });
    expect(await cache.get(59_999)).toEqual({ prices: PRICES, source: 'cache' });
    expect(src.calls).toBe(1);
    await cache.get(60_000);
    expect(src.calls).toBe(2);
  });

  it('falls back to the last good read, however old, when the provider fails; then pauses before asking again', async () => {
    const src = source();
    const cache = new PriceCache(src.read, 60_000);
    await cache.get(0);
    src.fail = true;
    expect(await cache.get(600_000)).toEqual({ prices: PRICES, source: 'cache' });
    expect(src.calls).toBe(2);
    // Within the pause (30 s at most) the provider is not asked.
    await cache.get(620_000);
    expect(src.calls).toBe(2);
    src.fail = false;
    expect(await cache.get(631_000)).toEqual({ prices: PRICES, source: 'provider' });
  });

  it('answers without prices when nothing was ever read', async () => {
    const src = source();
    src.fail = true;
    const cache = new PriceCache(src.read, 60_000);
    expect(await cache.get(0)).toEqual({ prices: null, source: 'none' });
  });

  it('shares one read among concurrent callers', async () => {
    const src = source();
    const cache = new PriceCache(src.read, 60_000);
    await Promise.all([cache.get(0), cache.get(0), cache.get(0)]);
    expect(src.calls).toBe(1);
  });
});
