/**
 * Per-target limits of webhook sending: at most `endpointConcurrency`
 * requests in flight and `endpointRatePerSecond` started a second to one
 * endpoint (or callback URL), with bottleneck.
 *
 * With REDIS_URL the limiters are clustered: every process's limiter of a
 * target shares its counters in Redis, so the bounds hold for the whole
 * service, not per process. bottleneck's Redis datastore speaks to ioredis
 * (its node-redis support is for the v3 callback client; with the v6 `redis`
 * client of the rest of the stack it never becomes ready), so this one part
 * uses ioredis. Without Redis each process bounds its own sending, and the
 * claim statement (sql/claim-deliveries.ts) bounds deliveries in flight.
 */
import Bottleneck from 'bottleneck';
import type { Logger } from 'pino';
import type { WebhookConfig } from '../../core/config.ts';

/** Key prefix of the shared limiters in Redis. */
const CLUSTER_ID = 'p2m-webhook-target';
/** A target's counters leave Redis after this long without a delivery. */
const IDLE_MS = 10 * 60_000;

export type TargetLimiters = {
  /** Runs `send` under the limits of `target`. */
  schedule<T>(target: string, send: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export function createTargetLimiters(cfg: WebhookConfig, redisUrl: string | undefined, log: Pick<Logger, 'warn'>): TargetLimiters {
  const limits = { maxConcurrent: cfg.endpointConcurrency, minTime: Math.ceil(1000 / cfg.endpointRatePerSecond) };
  const connection = redisUrl ? new Bottleneck.IORedisConnection({ clientOptions: redisUrl }) : null;
  // An 'error' nobody listens to would end the process; a Redis outage fails the attempt instead (it is retried).
  connection?.on('error', (err: unknown) => log.warn({ err }, 'webhook limiter: Redis error'));
  const group = new Bottleneck.Group({
    ...limits,
    ...(connection ? { id: CLUSTER_ID, datastore: 'ioredis', connection, clearDatastore: false, timeout: IDLE_MS } : {}),
  });
  group.on('created', (limiter) => limiter.on('error', (err: unknown) => log.warn({ err }, 'webhook limiter error')));
  return {
    schedule: (target, send) => group.key(target).schedule(send),
    async close() {
      if (connection) await connection.disconnect(false);
    },
  };
}
