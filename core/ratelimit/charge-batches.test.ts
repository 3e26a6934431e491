import { describe, expect, it } from 'vitest';
import { ChargeBatches } from './charge-batches.ts';

describe('ChargeBatches', () => {
  it('sends the charges of one turn as one increment per key and gives each its own count', async () => {
    const counts = new Map<string, number>();
    const increments: [string, number][] = [];
    const batches = new ChargeBatches(async (key, points) => {
      increments.push([key, points]);
      counts.set(key, (counts.get(key) ?? 0) + points);
      return { consumedPoints: counts.get(key)!, msBeforeNext: 1000 };
    });
    const first = await Promise.all([batches.add('a', 4), batches.add('a', 1), batches.add('b', 4), batches.add('a', 2)]);
    expect(first.map((c) => c.consumedPoints)).toEqual([4, 5, 4, 7]);
    expect(increments).toEqual([['a', 7], ['b', 4]]);
    expect((await batches.add('a', 4)).consumedPoints).toBe(11);
  });

  it('rejects every charge of a batch whose increment failed', async () => {
    const batches = new ChargeBatches(() => Promise.reject(new Error('store down')));
    const all = await Promise.allSettled([batches.add('a', 1), batches.add('a', 1)]);
    expect(all.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
