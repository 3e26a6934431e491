/**
 * Per-target webhook limits across processes: with Redis, two dispatchers'
 * limiters of one target share its concurrency cap; without Redis each
 * process bounds only itself (the claim statement is then the shared bound).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { createTargetLimiters, type TargetLimiters } from '../../../worker/webhooks/target-limiters.ts';
import { REDIS_URL } from '../../support/test-env.ts';

const cfg = { ...loadConfig({}).webhooks, endpointConcurrency: 2, endpointRatePerSecond: 1000 };
const log = { warn: () => undefined };

/** Sends `n` slow requests to one target, alternating between the limiters; the most ever in flight at once. */
async function peakInFlight(limiters: TargetLimiters[], n: number): Promise<number> {
  const target = `target-${randomUUID()}`;
  let inFlight = 0;
  let peak = 0;
  const send = async () => {
    peak = Math.max(peak, ++inFlight);
    await new Promise((r) => setTimeout(r, 25));
    inFlight--;
  };
  await Promise.all(Array.from({ length: n }, (_, i) => limiters[i % limiters.length]!.schedule(target, send)));
  return peak;
}

describe('webhook target limiters', () => {
  it('without Redis each process bounds only its own sending', async () => {
    const two = [createTargetLimiters(cfg, undefined, log), createTargetLimiters(cfg, undefined, log)];
    expect(await peakInFlight(two, 12)).toBe(4);
  });

  it.skipIf(!REDIS_URL)('with Redis two processes\' limiters of a target share one cap', async () => {
    const two = [createTargetLimiters(cfg, REDIS_URL, log), createTargetLimiters(cfg, REDIS_URL, log)];
    try {
      expect(await peakInFlight(two, 12)).toBe(2);
    } finally {
      await Promise.all(two.map((l) => l.close()));
    }
  });
});
