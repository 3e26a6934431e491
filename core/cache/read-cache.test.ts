import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

describe('ReadCache', () => {
  it('stores nothing unless the change feed is live', () => {
    const cache = new ReadCache<number>({ live: false, maxAgeMs: 1000 });
    cache.set('a', 1, cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops a read that was under way when an invalidation came', () => {
    const cache = new ReadCache<number>({ live: true, maxAgeMs: 1000 });
    const before = cache.generation;
    cache.invalidate();
    cache.set('a', 1, before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 2, cache.generation);
    expect(cache.get('a')).toBe(2);
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
  });

  it('ends an entry at its own deadline or its maximum age, whichever comes first', () => {
    const cache = new ReadCache<string>({ live: true, maxAgeMs: 1000 });
    cache.set('soon', 'x', cache.generation, 1_500, 1_000);
    cache.set('aged', 'y', cache.generation, Infinity, 1_000);
    expect(cache.get('soon', 1_499)).toBe('x');
    expect(cache.get('soon', 1_500)).toBeUndefined();
    expect(cache.get('aged', 1_999)).toBe('y');
    expect(cache.get('aged', 2_000)).toBeUndefined();
  });

  it('pushes out the oldest entry when full', () => {
    const cache = new ReadCache<number>({ live: true, maxAgeMs: 1000, maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) cache.set(k, 1, cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 1, 1]);
  });
});
