/**
 * What an operation handler receives: the process's services plus the caller.
 */
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { Billing } from './billing/billing-service.ts';
import type { BlobStore } from './blobs/blob-store.ts';
import type { JobWatches } from './jobs/job-watches.ts';
import type { JobReadCache } from './jobs/job-with-usage.ts';
import type { ApiKeyCache } from './keys/api-key-cache.ts';
import type { Config } from './config.ts';
import type { Principal } from './principal.ts';
import type { RateCharge } from './ratelimit/consume-rate.ts';
import type { RateLimiter } from './ratelimit/rate-limiter.ts';
import type { PostClient } from './egress/post-client.ts';
import type { WakeTopic } from './wakeup/wakeup.ts';

/** Outbound fetch of a client-supplied link, refusing internal addresses. */
export interface Fetcher {
  fetchToStream(url: string): Promise<{ stream: Readable; contentType?: string; finalUrl: string }>;
}

export type Services = {
  config: Config;
  db: Db;
  blobs: BlobStore;
  fetcher: Fetcher;
  log: Logger;
  /** Server key (32 bytes) sealing stored secrets such as callback secrets. */
  secretKey: Buffer;
  /** Tells workers that a pool (or the webhook outbox) has new work (in-process event, or Redis when configured). */
  wake(topic: WakeTopic): void;
  /** Announces that a job changed, to the long polls waiting on it (in-process event, or Redis when configured). */
  jobChanged(jobId: string): void;
  /** This process's long-poll watches on jobs, bounded by config.waits.maxWaiters. */
  jobWatches: JobWatches;
  /** Per-caller request budget, shared by every transport (see core/ratelimit/consume-rate.ts). */
  rateLimiter: RateLimiter;
  /** Authenticated keys remembered by this process (see core/keys/api-key-cache.ts). */
  apiKeyCache: ApiKeyCache;
  /** Job reads remembered by this process for status polling (see core/jobs/job-with-usage.ts). */
  jobReadCache: JobReadCache;
  /** Webhook POSTs through the egress guard (core/egress/post-client.ts); tests swap its resolver. */
  webhookClient: PostClient;
  /** Stripe and the cached plan prices; null when billing is not configured (core/billing/billing-service.ts). */
  billing: Billing | null;
};

export type Ctx = Services & {
  principal: Principal;
  requestId: string;
  /** Told the caller's budget after invoke() charged a call (REST writes it as RateLimit headers). */
  onRateCharge?: (charge: RateCharge) => void;
  /** A signal that aborts when the caller goes away (REST: the connection closed before the answer); made on first use. */
  abortSignal?: () => AbortSignal;
};
