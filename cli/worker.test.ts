import { describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import { workerEnv } from './worker.ts';

describe('p2m worker options', () => {
  it('--pool and --concurrency choose the workers of the process', () => {
    const config = (argv: string[]) => loadConfig(workerEnv(argv, { P2M_LOG_LEVEL: 'silent' })).workerPools;
    expect(config([])).toEqual([{ pool: 'all', concurrency: 1 }]);
    expect(config(['--pool', 'paid'])).toEqual([{ pool: 'paid', concurrency: 1 }]);
    expect(config(['--pool', 'paid=3', '--pool', 'free', '--concurrency', '2'])).toEqual([
      { pool: 'paid', concurrency: 3 },
      { pool: 'free', concurrency: 2 },
    ]);
    expect(() => config(['--pool', 'gold'])).toThrow();
    expect(() => config(['--bogus'])).toThrow();
  });
});
