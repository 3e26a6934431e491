/**
 * Request-rate limiting over rate-limiter-flexible. One limiter per process,
 * built from Config: Redis when REDIS_URL is set (so every API process shares
 * the counters), else process memory. Counters are per caller key and window
 * of one minute, and independent of the limit: each call passes the caller's
 * current ratePerMinute (its live tier), and the verdict compares the one
 * counter against it. So a plan change moves the limit at once, within the
 * same window: an upgrade raises it without starting the count afresh, a
 * downgrade lowers it without handing out a fresh budget.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { newRedisClient } from '../redis/redis-client.ts';
import { ChargeBatches, type Counted } from './charge-batches.ts';
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
  /** Takes `points` (default one) from `key`, whose window allows `perMinute` points. */
  consume(key: string, perMinute: number, points?: number): Promise<RateDecision>;
  /** The same verdict without taking a point: is anything left? */
  peek(key: string, perMinute: number): Promise<RateDecision>;
  close(): Promise<void>;
}

/** Length of every rate window, seconds. */
export const WINDOW_SECONDS = 60;
const KEY_PREFIX = 'p2m:rl';

/**
 * The store counts far past any tier's limit and never refuses by itself;
 * the limit is applied per call (see limiterOver). Finite, like every limit.
 */
const COUNT_CEILING = 1_000_000_000;

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
  if (!config.redisUrl) return limiterOver(memoryLimiter(), async () => undefined);
  const client = await newRedisClient(config.redisUrl);
  // The client reconnects by itself; meanwhile the insurance limiter counts in memory.
  client.on('error', () => undefined);
  await client.connect();
  return limiterOver(
    new RateLimiterRedis({
      storeClient: client,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
      keyPrefix: KEY_PREFIX,
      points: COUNT_CEILING,
      duration: WINDOW_SECONDS,
      insuranceLimiter: memoryLimiter(),
    }),
    async () => {
      await client.close();
    },
  );
}

function memoryLimiter(): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: KEY_PREFIX, points: COUNT_CEILING, duration: WINDOW_SECONDS });
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function refused(res: Counted): RateDecision {
  return { allowed: false, retryAfterSeconds: seconds(res.msBeforeNext), resetSeconds: seconds(res.msBeforeNext) };
}

/** The verdict of a window that has counted `res.consumedPoints` calls, against the caller's limit. */
function judge(res: Counted, perMinute: number): RateDecision {
  const remaining = perMinute - res.consumedPoints;
  return remaining >= 0 ? { allowed: true, remaining, resetSeconds: seconds(res.msBeforeNext) } : refused(res);
}

function limiterOver(store: RateLimiterAbstract, closeStore: () => Promise<void>): RateLimiter {
  // Charges of one key asked for in the same event-loop turn: one increment (one Redis round trip) for all.
  const batches = new ChargeBatches((key, points) =>
    // rate-limiter-flexible rejects with a RateLimiterRes past its own ceiling (judged as refused), and with an Error on store failure.
    store.consume(key, points).catch((err: unknown) => (err instanceof RateLimiterRes ? err : Promise.reject(err))),
  );
  return {
    lifted: false,
    async consume(key, perMinute, points = 1) {
      return judge(await batches.add(key, points), perMinute);
    },
    async peek(key, perMinute) {
      const res = await store.get(key);
      if (!res) return { allowed: true, remaining: perMinute, resetSeconds: WINDOW_SECONDS };
      // Something left means the next call would pass: at least one point below the limit.
      return res.consumedPoints < perMinute ? judge(res, perMinute) : refused(res);
    },
    close: closeStore,
  };
}
