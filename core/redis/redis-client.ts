/**
 * Redis clients for the wake-ups, rate limits and device nonces. The client
 * library (about 650 modules with its bundled modules) is loaded on the first
 * call, so a process without REDIS_URL never loads it; the types stay static.
 */
import type { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/** A new, not yet connected client for `url`. */
export async function newRedisClient(url: string): Promise<RedisClient> {
  const redis = await import('redis');
  return redis.createClient({ url });
}
