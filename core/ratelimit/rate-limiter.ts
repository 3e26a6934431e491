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

/** One request's verdict: allowed with the points left, or refused with seconds until the window frees one. */
export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/** Counts calls per key within a one-minute window. */
export interface RateLimiter {
  /** Takes one point from `key`, whose window allows `perMinute` points. */
  consume(key: string, perMinute: number): Promise<RateDecision>;
  close(): Promise<void>;
}

const WINDOW_SECONDS = 60;
const KEY_PREFIX = 'p2m:rl';

type Factory = (perMinute: number) => RateLimiterAbstract;

/** Lets every call through and counts nothing: budgets lifted (P2M_RATE_LIMIT=false) cost no store round trip. */
const UNLIMITED: RateLimiter = {
  consume: () => Promise.resolve({ allowed: true, remaining: Infinity }),
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

function limiterOver(make: Factory, closeStore: () => Promise<void>): RateLimiter {
  const byPoints = new Map<number, RateLimiterAbstract>();
  const limiterFor = (points: number) => {
    let l = byPoints.get(points);
    if (!l) byPoints.set(points, (l = make(points)));
    return l;
  };
  return {
    async consume(key, perMinute) {
      try {
        const res = await limiterFor(perMinute).consume(key, 1);
        return { allowed: true, remaining: res.remainingPoints };
      } catch (err) {
        // rate-limiter-flexible rejects with a RateLimiterRes when the points are spent, and with an Error on store failure.
        if (!(err instanceof RateLimiterRes)) throw err;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
      }
    },
    close: closeStore,
  };
}
