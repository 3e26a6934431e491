import { describe, expect, it } from 'vitest';
import { parseWorkerPools } from './worker-pools.ts';

describe('parseWorkerPools', () => {
  it('reads pool modes with optional concurrencies', () => {
    expect(parseWorkerPools('all', 2)).toEqual([{ pool: 'all', concurrency: 2 }]);
    expect(parseWorkerPools('paid=3,free', 1)).toEqual([{ pool: 'paid', concurrency: 3 }, { pool: 'free', concurrency: 1 }]);
    // The former list of both pools means one worker serving both.
    expect(parseWorkerPools('paid,free', 2)).toEqual([{ pool: 'all', concurrency: 2 }]);
    // A count of 0 (P2M_WORKERS=0 included) runs no worker.
    expect(parseWorkerPools('all', 0)).toEqual([]);
    expect(parseWorkerPools('paid=0,free=1', 4)).toEqual([{ pool: 'free', concurrency: 1 }]);
  });

  it('refuses unknown pools, a pool named twice and bad counts', () => {
    expect(() => parseWorkerPools('gold', 1)).toThrow();
    expect(() => parseWorkerPools('free,free=2', 1)).toThrow(/twice/);
    expect(() => parseWorkerPools('paid=-1', 1)).toThrow();
  });
});
