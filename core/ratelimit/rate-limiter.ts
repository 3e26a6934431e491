/**
 * Request-rate limiting over rate-limiter-flexible. One limiter per process,
 * built from Config: Redis when REDIS_URL is set (so every API process shares
 * the counters), else process memory. Counters are per caller key and window
 * of one minute; the number of points per window comes from the caller's
 * tier, so one store holds a limiter per distinct ratePerMinute.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import type { Config } from '../config.ts';

/**
 * One call's verdict: allowed with the points left, or refused with seconds
 * until the window frees one; either way with the seconds until the window
 * resets (what the RateLimit header's `t` reports).
 */
export type RateDecision =
  | { allowed: true; remaining: number; resetSeconds: number }
  | { allowed: false; retryAfterSeconds: number; resetSeconds: number };

/** Counts calls per key within a one-minute window. */
export interface RateLimiter {
  /** True when budgets are lifted (P2M_RATE_LIMIT=false): every call passes and no policy applies. */
  readonly lifted: boolean;
  /** Takes one point from `key`, whose window allows `perMinute` points. */
  consume(key: string, perMinute: number): Promise<RateDecision>;
  /** The same verdict without taking a point: is anything left? */
  peek(key: string, perMinute: number): Promise<RateDecision>;
  close(): Promise<void>;
}

/** Length of every rate window, seconds. */
export const WINDOW_SECONDS = 60;
const KEY_PREFIX = 'p2m:rl';

type Factory = (perMinute: number) => RateLimiterAbstract;

/** Lets every call through and counts nothing: budgets lifted (P2M_RATE_LIMIT=false) cost no store round trip. */
const UNLIMITED_DECISION: RateDecision = { allowed: true, remaining: Number.MAX_SAFE_INTEGER, resetSeconds: WINDOW_SECONDS };
const UNLIMITED: RateLimiter = {
  lifted: true,
  consume: () => Promise.resolve(UNLIMITED_DECISION),
  peek: () => Promise.resolve(UNLIMITED_DECISION),
  close: () => Promise.resolve(),
};

/** A limiter over Redis (config.redisUrl) or, without Redis, process memory; none when config.rateLimit is off. */
export async function createRateLimiter(config: Pick<Config, 'redisUrl' | 'rateLimit'>): Promise<RateLimiter> {
  if (!config.rateLimit) return UNLIMITED;
  if (!config.redisUrl) return limiterOver((points) => memoryLimiter(points), async () => undefined);
  const client = createClient({ url: config.redisUrl });
  // The client reconnects by itself; meanwhile the insurance limiter counts in memory.
  client.on('error', () => undefined);
  await client.connect();
  return limiterOver(
    (points) =>
      new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        keyPrefix: `${KEY_PREFIX}:${points}`,
        points,
        duration: WINDOW_SECONDS,
        insuranceLimiter: memoryLimiter(points),
      }),
    async () => {
      await client.close();
    },
  );
}

function memoryLimiter(points: number): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: `${KEY_PREFIX}:${points}`, points, duration: WINDOW_SECONDS });
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function refused(res: RateLimiterRes): RateDecision {
  return { allowed: false, retryAfterSeconds: seconds(res.msBeforeNext), resetSeconds: seconds(res.msBeforeNext) };
}

function limiterOver(make: Factory, closeStore: () => Promise<void>): RateLimiter {
  const byPoints = new Map<number, RateLimiterAbstract>();
  const limiterFor = (points: number) => {
    let l = byPoints.get(points);
    if (!l) byPoints.set(points, (l = make(points)));
    return l;
  };
  return {
    lifted: false,
    async consume(key, perMinute) {
      try {
        const res = await limiterFor(perMinute).consume(key, 1);
        return { allowed: true, remaining: res.remainingPoints, resetSeconds: seconds(res.msBeforeNext) };
      } catch (err) {
        // rate-limiter-flexible rejects with a RateLimiterRes when the points are spent, and with an Error on store failure.
        if (!(err instanceof RateLimiterRes)) throw err;
        return refused(err);
      }
    },
    async peek(key, perMinute) {
      const res = await limiterFor(perMinute).get(key);
      if (!res) return { allowed: true, remaining: perMinute, resetSeconds: WINDOW_SECONDS };
      const remaining = Math.max(0, perMinute - res.consumedPoints);
      return remaining > 0 ? { allowed: true, remaining, resetSeconds: seconds(res.msBeforeNext) } : refused(res);
    },
    close: closeStore,
  };
}
