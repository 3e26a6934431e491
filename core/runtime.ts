/**
 * The process's services, built once from Config: database, blob store,
 * egress, wake-ups, logger and the server key. Every entry point (serve,
 * worker, keys, tests) builds one and closes it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { openDatabase, type Database, type DatabaseTarget } from '../db/database.ts';
import { createLogger } from './logging/create-logger.ts';
import { openBlobStore } from './blobs/open-blob-store.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import type { Config } from './config.ts';
import type { Services } from './context.ts';
import { createNonceStore } from './devices/nonce-store-for.ts';
import { createBilling } from './billing/billing-service.ts';
import { watchTableChanges } from './cache/table-changes.ts';
import { createJobReadCache } from './jobs/job-with-usage.ts';
import { ApiKeyCache } from './keys/api-key-cache.ts';
import { JobWatches } from './jobs/job-watches.ts';
import type { NonceStore } from './devices/signing/nonce-store.ts';
import { createEgressClient } from './egress/egress-client.ts';
import { createPostClient } from './egress/post-client.ts';
import { createRateLimiter } from './ratelimit/rate-limiter.ts';
import { createLocalWakeup, createRedisWakeup, type Wakeup } from './wakeup/wakeup.ts';

export type Runtime = Services & {
  database: Database;
  wakeup: Wakeup;
  /** Replay guard of device-signed requests (Redis when configured, else the database). */
  deviceNonces: NonceStore;
  /** This process's Prometheus registry (core/metrics/metrics.ts). */
  metrics: Metrics;
  /** Set when the process starts shutting down: /readyz answers 503 so balancers stop sending work. */
  lifecycle: { draining: boolean };
  close(): Promise<void>;
};

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite under the data directory. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'db') };
}

export type RuntimeOptions = { database?: Database; log?: Logger };

export async function createRuntime(config: Config, opts: RuntimeOptions = {}): Promise<Runtime> {
  const log = opts.log ?? createLogger(config.logLevel);
  const database = opts.database ?? (await openDatabase(databaseTarget(config)));
  const wakeup = config.redisUrl ? await createRedisWakeup(config.redisUrl) : createLocalWakeup();
  const rateLimiter = await createRateLimiter(config);
  const deviceNonces = await createNonceStore(config, database.db);
  const changes = await watchTableChanges(database);
  const blobs = openBlobStore(config);
  const fetcher = createEgressClient({
    maxBytes: Math.max(...Object.values(config.tiers).map((t) => t.maxFileBytes)),
    timeoutMs: config.urlTimeoutMs,
    maxRedirects: config.urlMaxRedirects,
    allowLoopback: config.allowPrivateUrls,
    userAgent: 'p2m/0.1 (+PDF to Markdown)',
  });
  return {
    config,
    db: database.db,
    database,
    blobs,
    metrics: createMetrics(database.db),
    lifecycle: { draining: false },
    fetcher,
    log,
    secretKey: loadSecretKey(config),
    wakeup,
    wake: (pool) => wakeup.notify(pool),
    jobChanged: (jobId) => wakeup.notifyJob(jobId),
    jobWatches: new JobWatches(wakeup, config.waits.maxWaiters),
    rateLimiter,
    deviceNonces,
    webhookClient: createPostClient({
      timeoutMs: config.webhooks.timeoutMs,
      maxResponseBytes: config.webhooks.responseBytes,
      allowLoopback: config.allowPrivateUrls,
      ...(config.webhooks.testOnlyCaFile ? { ca: readFileSync(config.webhooks.testOnlyCaFile, 'utf8') } : {}),
      userAgent: 'p2m-webhooks/0.1',
    }),
    apiKeyCache: new ApiKeyCache(changes, config.readCacheEntries),
    jobReadCache: createJobReadCache(changes, config.readCacheEntries),
    billing: await createBilling(config),
    async close() {
      await Promise.all([wakeup.close(), rateLimiter.close(), deviceNonces.close(), changes.close()]);
      blobs.close();
      await database.close();
    },
  };
}

/** The server key: from configuration, else generated once into the data directory (mode 0600). */
function loadSecretKey(config: Config): Buffer {
  if (config.secretKeyBase64) {
    const key = Buffer.from(config.secretKeyBase64, 'base64');
    if (key.length !== 32) throw new Error('P2M_SECRET_KEY must be base64 of exactly 32 bytes');
    return key;
  }
  const path = join(config.dataDir, 'secret.key');
  if (!existsSync(path)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
}
