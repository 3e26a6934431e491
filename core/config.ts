/**
 * Configuration: parsed from the environment once, with zod, into a frozen
 * object that is passed down. Nothing else reads process.env.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { resolveTiers } from './tiers.ts';
import { BILLING_ENV, billingConfigOf } from './billing/billing-config.ts';
import { BLOB_ENV, blobConfigOf } from './blobs/blob-config.ts';
import { OPS_ENV, opsConfigOf } from './ops-config.ts';
import { parseWorkerPools } from './queue/worker-pools.ts';
import { CHILD_REUSE_ENV, childReuseConfigOf } from './queue/child-reuse-config.ts';
import { WAIT_ENV, waitConfigOf } from './jobs/wait-config.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const list = z.string().transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

/** JSON text, or an issue on the variable that holds it. */
function jsonOf(v: string, c: z.RefinementCtx): unknown {
  try {
    return JSON.parse(v);
  } catch {
    c.addIssue({ code: 'custom', message: 'not valid JSON' });
    return z.NEVER;
  }
}

const Env = z.object({
  PORT: int(8080, 0),
  HOST: z.string().default('127.0.0.1'),
  P2M_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Origins the service is reached on; redirects and Origin/Host checks use them. */
  P2M_PUBLIC_ORIGINS: list.optional(),
  /** Express 'trust proxy': false (default), true, a hop count, or comma-separated addresses/subnets of the proxies. */
  P2M_TRUST_PROXY: z.string().default('false'),
  /** Conversions run at once by an embedded or standalone worker (0: this process runs none). */
  P2M_WORKERS: int(1, 0),
  /** This process's workers: `all`, or `paid=N,free=M` (core/queue/worker-pools.ts); a pool without =N runs P2M_WORKERS. */
  P2M_WORKER_POOLS: z.string().default('all'),
  /** Seconds of waiting that raise a queued job's priority by one (claim order aging; see worker/sql/claim-jobs.ts). */
  P2M_PRIORITY_AGING_SECONDS: int(6, 1),
  P2M_LEASE_SECONDS: int(60, 5),
  P2M_HEARTBEAT_SECONDS: int(15, 1),
  P2M_MAX_ATTEMPTS: int(3, 1),
  P2M_POLL_MS: int(1000, 10),
  /** Least time between two progress writes of one job, and before its first (0: one write after another, each the latest value). */
  P2M_PROGRESS_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Most reads of one kind (keys, jobs) that concurrent requests share in one statement; more wait for the next. */
  P2M_READ_BATCH_MAX: z.coerce.number().int().min(1).max(10_000).default(256),
  /** Most entries of each in-process read cache (keys, polled jobs; embedded database only); the oldest go first. */
  P2M_READ_CACHE_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Memory limit of one conversion process (V8 old space), MB. */
  P2M_CONVERT_MEMORY_MB: int(1024, 64),
  P2M_MAX_PAGES: int(5000, 1),
  /** Largest JSON request body, for every tier (else per tier: core/tiers.ts jsonBodyBytes). */
  P2M_JSON_BODY_BYTES: z.coerce.number().int().min(1024).optional(),
  /** Largest Markdown returned inline by MCP and tRPC, for every tier (else per tier: inlineMarkdownBytes). */
  P2M_INLINE_MARKDOWN_BYTES: z.coerce.number().int().min(1024).optional(),
  /** After an early refusal (413, 429 before the body was read): most bytes of the rest read and discarded so the answer reaches the client (http/refused-body.ts). */
  P2M_REFUSED_BODY_DRAIN_BYTES: int(8 * 1024 * 1024, 0),
  /** After an early refusal: longest time the rest of the body is read before the connection drops. */
  P2M_REFUSED_BODY_DRAIN_MS: int(5_000, 0),
  P2M_URL_TIMEOUT_MS: int(30_000, 100),
  P2M_URL_MAX_REDIRECTS: int(5, 0),
  /** Lets URL jobs reach private and loopback addresses. Only for tests and closed networks. */
  P2M_ALLOW_PRIVATE_URLS: bool.default(false),
  /** Per-caller request budgets (tier ratePerMinute). false lifts them and counts nothing: benchmarks, closed networks. */
  P2M_RATE_LIMIT: bool.default(true),
  /** How long tombstones of deleted and expired jobs are kept, days. */
  P2M_TOMBSTONE_DAYS: int(7, 1),
  P2M_SWEEP_SECONDS: int(60, 1),
  P2M_TIERS: z.string().optional(),
  /** Base64 of 32 bytes sealing stored secrets; generated into the data directory when unset. */
  P2M_SECRET_KEY: z.string().optional(),
  P2M_SUPPORT_URL: z.string().url().default('https://p2m.example.com/support'),
  /** Device registrations a minute from one address, and from one /24 (IPv4) or /48 (IPv6) network. */
  P2M_REGISTER_PER_IP: int(10, 1),
  P2M_REGISTER_PER_NETWORK: int(30, 1),
  /** Lifetime of a device-link ticket (POST /api/v2/account/link/start), seconds. */
  P2M_LINK_TICKET_SECONDS: int(600, 30),
  /** Most devices GET /api/v2/account/devices lists. */
  P2M_DEVICES_LISTED: int(500, 1),
  /** How long the page that asks "Link this device?" may wait for its answer, seconds. */
  P2M_LINK_CONFIRM_SECONDS: int(600, 30),
  /** Lifetime of an upload ticket (POST /api/v2/jobs/upload-ticket), seconds. */
  P2M_UPLOAD_TICKET_SECONDS: int(300, 10),
  /** GET /config announcement, JSON {active, id, kind, url}; unset or inactive: null. */
  P2M_ANNOUNCEMENT: z
    .string()
    .transform((v, c) => jsonOf(v, c))
    .pipe(z.lazy(() => Announcement))
    .optional(),
  /** Web session: fixed lifetime from sign-in, and how long it may sit unused, seconds. */
  P2M_SESSION_TTL_SECONDS: int(30 * 24 * 3600, 60),
  P2M_SESSION_IDLE_SECONDS: int(7 * 24 * 3600, 60),
  /** Webhook deliveries one process sends at once (its dispatcher); 0: this process sends none. */
  P2M_WEBHOOK_CONCURRENCY: int(16, 0),
  /** Deliveries in flight to one endpoint (or callback URL) at once, across every dispatcher. */
  P2M_WEBHOOK_ENDPOINT_CONCURRENCY: int(4, 1),
  /** Requests a second to one endpoint (or callback URL). */
  P2M_WEBHOOK_ENDPOINT_RATE: int(10, 1),
  /** Whole-request budget of one delivery attempt (DNS, connect, TLS, response headers and body). */
  P2M_WEBHOOK_TIMEOUT_MS: int(10_000, 100),
  /** Bytes of a receiver's response body read (the rest is discarded). */
  P2M_WEBHOOK_RESPONSE_BYTES: int(16 * 1024, 1),
  /** Seconds before each retry (before jitter of ±20 %); its length + 1 is the number of attempts. */
  P2M_WEBHOOK_RETRY_SECONDS: list
    .default(['30', '120', '600', '1800', '7200', '18000', '57600'])
    .pipe(z.array(z.coerce.number<string>().int().min(1).max(7 * 24 * 3600))),
  /** Deliveries to one endpoint that fail in a row (each after its retries) before the endpoint is disabled. */
  P2M_WEBHOOK_DISABLE_AFTER: int(10, 1),
  /** Longest overlap a secret rotation may ask for (both secrets sign meanwhile), seconds. */
  P2M_WEBHOOK_MAX_OVERLAP_SECONDS: int(7 * 24 * 3600, 0),
  /** TEST ONLY: a PEM file of CA certificates that replaces the system CAs for webhook TLS (a test receiver's own CA). */
  P2M_TEST_ONLY_WEBHOOK_CA_FILE: z.string().optional(),
  P2M_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...BILLING_ENV,
  ...BLOB_ENV,
  ...OPS_ENV,
  ...CHILD_REUSE_ENV,
  ...WAIT_ENV,
  // Sign-in through an OpenID provider: unset issuer or client id → the sign-in routes answer 503.
  P2M_OIDC_ISSUER: z.url().optional(),
  P2M_OIDC_CLIENT_ID: z.string().min(1).optional(),
  /** Without it the client is public (PKCE only, token endpoint auth "none"). */
  P2M_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Bound of each request to the provider (discovery, token exchange, userinfo). */
  P2M_OIDC_TIMEOUT_MS: int(5000, 100),
  /** How long a started sign-in may take to come back to the callback. */
  P2M_SIGN_IN_TTL_SECONDS: int(600, 30),
  /** Sign-ins started a minute from one client address. */
  P2M_SIGN_IN_PER_IP: int(30, 1),
});

const Announcement = z.object({ active: z.boolean(), id: z.string(), kind: z.string(), url: z.url() });
export type Announcement = z.infer<typeof Announcement>;

/** The environment, parsed, as the frozen Config: the one schema the Config type is derived from. */
const ConfigSchema = Env.transform((e) => {
  const origins = e.P2M_PUBLIC_ORIGINS ?? [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`];
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.P2M_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicOrigins: Object.freeze(origins.map((o) => new URL(o).origin)),
    trustProxy: parseTrustProxy(e.P2M_TRUST_PROXY),
    workers: e.P2M_WORKERS,
    /** One worker per entry, each with its pool mode and concurrency. */
    workerPools: parseWorkerPools(e.P2M_WORKER_POOLS, e.P2M_WORKERS),
    ...queueConfigOf(e),
    readBatchMax: e.P2M_READ_BATCH_MAX,
    readCacheEntries: e.P2M_READ_CACHE_ENTRIES,
    convertMemoryMb: e.P2M_CONVERT_MEMORY_MB,
    /** Warm conversion children: reuse across jobs, and when one is retired. */
    children: childReuseConfigOf(e),
    maxPages: e.P2M_MAX_PAGES,
    refusedBodyDrain: { bytes: e.P2M_REFUSED_BODY_DRAIN_BYTES, ms: e.P2M_REFUSED_BODY_DRAIN_MS },
    urlTimeoutMs: e.P2M_URL_TIMEOUT_MS,
    urlMaxRedirects: e.P2M_URL_MAX_REDIRECTS,
    allowPrivateUrls: e.P2M_ALLOW_PRIVATE_URLS,
    rateLimit: e.P2M_RATE_LIMIT,
    tombstoneDays: e.P2M_TOMBSTONE_DAYS,
    sweepSeconds: e.P2M_SWEEP_SECONDS,
    tiers: resolveTiers(e.P2M_TIERS, { jsonBodyBytes: e.P2M_JSON_BODY_BYTES, inlineMarkdownBytes: e.P2M_INLINE_MARKDOWN_BYTES }),
    secretKeyBase64: e.P2M_SECRET_KEY,
    supportUrl: e.P2M_SUPPORT_URL,
    registerPerIp: e.P2M_REGISTER_PER_IP,
    registerPerNetwork: e.P2M_REGISTER_PER_NETWORK,
    ...deviceLinkConfigOf(e),
    uploadTicketSeconds: e.P2M_UPLOAD_TICKET_SECONDS,
    announcement: e.P2M_ANNOUNCEMENT ?? null,
    logLevel: e.P2M_LOG_LEVEL,
    sessionTtlSeconds: e.P2M_SESSION_TTL_SECONDS,
    sessionIdleSeconds: e.P2M_SESSION_IDLE_SECONDS,
    webhooks: webhookConfigOf(e),
    /** Stripe billing; null when not configured (billing endpoints answer 503). */
    billing: billingConfigOf(e),
    /** Local directory (default) or an S3-compatible bucket. */
    blobs: blobConfigOf(e),
    /** /metrics, /readyz and shutdown. */
    ops: opsConfigOf(e),
    /** Long polls of a job (core/jobs/wait-config.ts). */
    waits: waitConfigOf(e),
    oidc: oidcConfigOf(e),
    oidcTimeoutMs: e.P2M_OIDC_TIMEOUT_MS,
    signInTtlSeconds: e.P2M_SIGN_IN_TTL_SECONDS,
    signInPerIp: e.P2M_SIGN_IN_PER_IP,
  });
});

export type Config = z.output<typeof ConfigSchema>;
/** Webhook delivery settings (P2M_WEBHOOK_*). */
export type WebhookConfig = Config['webhooks'];
/** The OpenID provider this service signs people in with. */
export type OidcConfig = NonNullable<Config['oidc']>;

/**
 * Parses an environment (process.env by default) into a frozen Config. A bad
 * value is refused with an error naming each variable at fault (never its
 * value, which may be a secret).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  // One line, in the CLI's error shape (cli/error-sentence.ts): `invalid PORT: …; invalid P2M_…: …`.
  throw new Error(parsed.error.issues.map((i) => `invalid ${i.path.map(String).join('.') || 'environment'}: ${i.message}`).join('; '));
}

type EnvValues = z.infer<typeof Env>;

/** The queue's timing: claim-order aging, leases and polling. */
function queueConfigOf(e: EnvValues) {
  return {
    priorityAgingSeconds: e.P2M_PRIORITY_AGING_SECONDS,
    leaseSeconds: e.P2M_LEASE_SECONDS,
    heartbeatSeconds: e.P2M_HEARTBEAT_SECONDS,
    maxAttempts: e.P2M_MAX_ATTEMPTS,
    pollMs: e.P2M_POLL_MS,
    progressMs: e.P2M_PROGRESS_MS,
  };
}

function webhookConfigOf(e: EnvValues) {
  return Object.freeze({
    concurrency: e.P2M_WEBHOOK_CONCURRENCY,
    endpointConcurrency: e.P2M_WEBHOOK_ENDPOINT_CONCURRENCY,
    endpointRatePerSecond: e.P2M_WEBHOOK_ENDPOINT_RATE,
    timeoutMs: e.P2M_WEBHOOK_TIMEOUT_MS,
    responseBytes: e.P2M_WEBHOOK_RESPONSE_BYTES,
    /** Delay before retry n (1-based) is retrySeconds[n-1]; attempts = retrySeconds.length + 1. */
    retrySeconds: Object.freeze(e.P2M_WEBHOOK_RETRY_SECONDS),
    disableAfter: e.P2M_WEBHOOK_DISABLE_AFTER,
    maxOverlapSeconds: e.P2M_WEBHOOK_MAX_OVERLAP_SECONDS,
    /** TEST ONLY: PEM path replacing the system CAs. */
    testOnlyCaFile: e.P2M_TEST_ONLY_WEBHOOK_CA_FILE,
  });
}

function oidcConfigOf(e: EnvValues) {
  if (!e.P2M_OIDC_ISSUER || !e.P2M_OIDC_CLIENT_ID) return null;
  return Object.freeze({ issuer: e.P2M_OIDC_ISSUER, clientId: e.P2M_OIDC_CLIENT_ID, clientSecret: e.P2M_OIDC_CLIENT_SECRET });
}

/** Device links: ticket and confirmation lifetimes, and how many devices an account's list shows. */
function deviceLinkConfigOf(e: EnvValues) {
  return { linkTicketSeconds: e.P2M_LINK_TICKET_SECONDS, linkConfirmSeconds: e.P2M_LINK_CONFIRM_SECONDS, devicesListed: e.P2M_DEVICES_LISTED };
}

/** 'true'/'false' and hop counts become booleans and numbers; anything else is Express's address list. */
function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'true' || v === 'false') return v === 'true';
  return /^\d+$/.test(v) ? Number(v) : v;
}
