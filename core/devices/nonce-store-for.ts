import type { Config } from '../config.ts';
import type { Db } from '../../db/database.ts';
import { createDbNonceStore } from './db-nonce-store.ts';
import { createRedisNonceStore, type ClosableNonceStore } from './redis-nonce-store.ts';

/** The replay guard of this process: Redis when configured (shared by all API processes), else the database. */
export async function createNonceStore(config: Pick<Config, 'redisUrl'>, db: Db): Promise<ClosableNonceStore> {
  if (config.redisUrl) return createRedisNonceStore(config.redisUrl);
  return { ...createDbNonceStore(db), close: async () => undefined };
}
