/**
 * Replay guard in Redis: `SET key 1 NX EX ttl` is atomic across every API
 * process, and Redis expires the key itself, so nothing needs sweeping.
 */
import { newRedisClient } from '../redis/redis-client.ts';
import type { NonceStore } from './signing/nonce-store.ts';

export type ClosableNonceStore = NonceStore & { close(): Promise<void> };

export async function createRedisNonceStore(url: string): Promise<ClosableNonceStore> {
  const client = await newRedisClient(url);
  // Reconnects by itself; a claim during an outage fails (500) rather than admitting a replay.
  client.on('error', () => undefined);
  await client.connect();
  return {
    async claim(deviceId, nonce, ttlSeconds) {
      const set = await client.set(`p2m:nonce:${deviceId}:${nonce}`, '1', { NX: true, EX: ttlSeconds });
      return set === 'OK';
    },
    async close() {
      await client.close();
    },
  };
}
