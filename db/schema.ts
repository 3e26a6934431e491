/**
 * The one database schema, PostgreSQL dialect, shared by embedded PGlite and
 * server PostgreSQL. Migrations in db/migrations are generated from it with
 * `npm run db:generate` and applied at start.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// The closed sets are core's (pure zod enums); the database enforces them too.
import { JobErrorCode } from '../core/jobs/job-error-code.ts';
import { JobStatus } from '../core/jobs/job-status.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `'a', 'b', …` for a CHECK constraint; the values are core's fixed identifiers, never input. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').unique(),
  name: text('name'),
  tier: text('tier').notNull().default('free'),
  /** Created by an anonymous purchase, waiting for its owner to sign in. */
  claimable: boolean('claimable').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the whole secret, hex; the secret itself is never stored. */
    hash: text('hash').notNull().unique(),
    /** First characters of the secret, shown to help people tell keys apart. */
    start: text('start').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    /** The linked device that created the key, if one did: unlinking the device revokes it. */
    deviceId: uuid('device_id').references((): AnyPgColumn => devices.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_keys_account_idx').on(t.accountId), index('api_keys_device_idx').on(t.deviceId)],
);

export const devices = pgTable('devices', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** RFC 7638 thumbprint of the public key: registration is idempotent by key. */
  keyThumbprint: text('key_thumbprint').notNull().unique(),
  publicKey: jsonb('public_key').notNull(),
  /** SHA-256 of the device token, hex. */
  tokenHash: text('token_hash').notNull().unique(),
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  settings: jsonb('settings').notNull().default({}),
  blockedAt: ts('blocked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** When it was linked to its account (null while anonymous). */
  linkedAt: ts('linked_at'),
  /** Its last authenticated request, written at most once a minute. */
  lastSeenAt: ts('last_seen_at'),
  /** The first half of the code the person compared when linking it. */
  userCodeHint: text('user_code_hint'),
});

/** Used request nonces of signed device requests, when Redis is not configured. */
export const deviceNonces = pgTable(
  'device_nonces',
  {
    deviceId: uuid('device_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [uniqueIndex('device_nonces_pk').on(t.deviceId, t.nonce), index('device_nonces_exp').on(t.expiresAt)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** device | account_device | api_key */
    ownerType: text('owner_type').notNull(),
    /** Whose slots the job uses: `account:<id>` or `device:<id>`. */
    ownerKey: text('owner_key').notNull(),
    accountId: uuid('account_id'),
    deviceId: uuid('device_id'),
    apiKeyId: uuid('api_key_id'),
    lane: text('lane').notNull(),
    tier: text('tier').notNull(),
    pool: text('pool').notNull(),
    priority: integer('priority').notNull().default(0),
    /** core/jobs/job-status.ts (CHECK jobs_status_check). */
    status: text('status').notNull(),
    statusSince: ts('status_since').notNull().defaultNow(),
    // Millisecond precision: list cursors carry JavaScript dates.
    createdAt: ts('created_at').notNull().default(sql`date_trunc('milliseconds', now())`),
    sourceKind: text('source_kind').notNull(),
    sourceUrl: text('source_url'),
    fileName: text('file_name').notNull(),
    externalId: text('external_id'),
    tags: jsonb('tags'),
    callbackUrl: text('callback_url'),
    callbackSecret: text('callback_secret'),
    settings: jsonb('settings').notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    inputKey: text('input_key'),
    inputSize: bigint('input_size', { mode: 'number' }),
    outputKey: text('output_key'),
    outputSize: bigint('output_size', { mode: 'number' }),
    pages: integer('pages'),
    pagesDone: integer('pages_done').notNull().default(0),
    truncated: boolean('truncated').notNull().default(false),
    /** core/jobs/job-error-code.ts (CHECK jobs_error_code_check); set whenever status is error. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Wall-clock limit for one conversion and what happens when it runs out. */
    timeBudgetMs: integer('time_budget_ms').notNull(),
    onBudget: text('on_budget').notNull(),
    retentionSeconds: integer('retention_seconds').notNull(),
    runAt: ts('run_at').notNull().defaultNow(),
    agingSeconds: integer('aging_seconds').notNull().default(6), // P2M_PRIORITY_AGING_SECONDS at creation
    /** run_at − priority × aging_seconds, kept by the trigger jobs_claim_key (0011): claims take the smallest first. */
    claimKey: ts('claim_key').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lease: uuid('lease'),
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    readyAt: ts('ready_at'),
    /** The result was removed by the retention sweep: downloads answer 410. */
    expiredAt: ts('expired_at'),
    /** Deleted by its owner: invisible, but downloads answer 410 and a repeated DELETE repeats. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    ...(['free', 'paid'] as const).map((pool) => index(`jobs_claim_${pool}_idx`).on(t.claimKey, t.id)
      .where(sql`status = 'queued' and pool = ${sql.raw(`'${pool}'`)} and input_key is not null and deleted_at is null`)),
    index('jobs_account_created_idx').on(t.accountId, t.createdAt),
    index('jobs_device_created_idx').on(t.deviceId, t.createdAt),
    index('jobs_owner_idx').on(t.ownerKey, t.createdAt),
    index('jobs_lease_idx').on(t.status, t.leaseUntil),
    uniqueIndex('jobs_idempotency_idx')
      .on(t.ownerKey, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('jobs_status_check', sql`${t.status} in (${sqlList(JobStatus.options)})`),
    check('jobs_error_code_check', sql`${t.errorCode} is null or ${t.errorCode} in (${sqlList(JobErrorCode.options)})`),
    ...[['pool', t.pool, ['free', 'paid']], ['lane', t.lane, ['v1', 'v2']], ['on_budget', t.onBudget, ['fail', 'truncate']],
      ['owner_type', t.ownerType, ['device', 'account_device', 'api_key']]].map(([name, col, values]) =>
      check(`jobs_${name as string}_check`, sql`${col} in (${sqlList(values as string[])})`)),
    check('jobs_aging_seconds_check', sql`${t.agingSeconds} > 0`),
    check('jobs_error_has_code', sql`${t.status} <> 'error' or ${t.errorCode} is not null`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;

// ---- Web sessions (sign-in through the identity provider) ----

/** A signed-in browser. The cookie value is never stored: only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Moved forward at most once a minute; the idle timeout counts from it. */
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** The fixed lifetime's end, whatever the activity. */
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
);

export type SessionRow = typeof sessions.$inferSelect;

// --- Device links and upload tickets (issue 10: accounts-keys) ---

/**
 * One-time tickets that link the device which asked for one to the account
 * that signs in with it (POST /api/v2/account/link/start, then the sign-in
 * callback). Only the SHA-256 of a ticket is stored.
 */
export const deviceLinkTickets = pgTable(
  'device_link_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** SHA-256 of the ticket, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** SHA-256 of the confirmation page's token: the only thing that can spend the ticket. */
    confirmHash: text('confirm_hash'),
    /** The session that signed in with the ticket and alone may confirm it. */
    confirmSessionId: uuid('confirm_session_id').references(() => sessions.id, { onDelete: 'set null' }),
    confirmExpiresAt: ts('confirm_expires_at'),
  },
  (t) => [index('device_link_tickets_exp').on(t.expiresAt), uniqueIndex('device_link_tickets_confirm_idx').on(t.confirmHash)],
);

/**
 * Single-use upload tickets (POST /api/v2/jobs/upload-ticket), bound to the
 * linked device that minted them, its account, the tier and byte cap of that
 * moment. Once an upload used it, job_id remembers its job so a repeated
 * upload answers with the same job. Only the SHA-256 of a ticket is stored.
 */
export const uploadTickets = pgTable(
  'upload_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the ticket, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** The job the ticket's upload created (no foreign key: jobs are purged on their own schedule). */
    jobId: uuid('job_id'),
  },
  (t) => [index('upload_tickets_exp').on(t.expiresAt)],
);

export type UploadTicketRow = typeof uploadTickets.$inferSelect;

// ---- Webhooks (issue 11): registered endpoints, the delivery outbox and its attempt log ----

/** The events a webhook can carry (core/webhooks/webhook-events.ts documents when each fires). */
const WEBHOOK_EVENTS = ['job.ready', 'job.truncated', 'job.error', 'job.deleted'] as const;
/** pending: waiting for its next attempt; delivering: leased by a dispatcher; delivered and failed are final. */
const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed'] as const;

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Events delivered; empty means all. */
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    /** The signing secret (whsec_…), sealed with the server key: it is needed to sign, so it cannot be hashed. */
    secretSealed: text('secret_sealed').notNull(),
    /** The secret before the last rotation, still signing (as a second signature) until previousSecretUntil. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: ts('previous_secret_until'),
    /** Failed deliveries in a row (reset by a delivered one); at the configured threshold the endpoint is disabled. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
    createdAt: ts('created_at').notNull().default(sql`date_trunc('milliseconds', now())`),
    /** The linked device that registered it, if one did. */
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId)],
);

/**
 * The outbox: one row per event and destination (a registered endpoint, or a
 * job's callback_url), inserted by the same statement that changes the job.
 * Claimed by dispatchers under a lease like the job queue.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** X-P2M-Delivery: one per event, shared by its destinations, the same on every attempt. */
    eventId: uuid('event_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Null for a per-job callback. Deleting the endpoint deletes its deliveries. */
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** No foreign key: the job's tombstone may be swept before its last retry. */
    jobId: uuid('job_id'),
    event: text('event').notNull(),
    /** Per-job callbacks only: the job's callback_url and sealed callback_secret, copied. */
    callbackUrl: text('callback_url'),
    callbackSecret: text('callback_secret'),
    /** The `job` object of the body, as it was when the event fired. */
    job: jsonb('job').notNull(),
    /** A "send test event" delivery: not about a real job. */
    test: boolean('test').notNull().default(false),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: ts('run_at').notNull().defaultNow(),
    lease: uuid('lease'),
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().default(sql`date_trunc('milliseconds', now())`),
    lastAttemptAt: ts('last_attempt_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('webhook_deliveries_claim_idx').on(t.status, t.runAt),
    index('webhook_deliveries_account_idx').on(t.accountId, t.createdAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.status),
    check('webhook_deliveries_event_check', sql`${t.event} in (${sqlList(WEBHOOK_EVENTS)})`),
    check('webhook_deliveries_status_check', sql`${t.status} in (${sqlList(DELIVERY_STATUSES)})`),
    check('webhook_deliveries_target_check', sql`(${t.endpointId} is null) <> (${t.callbackUrl} is null)`),
  ],
);

/** One row per attempt, opened when the attempt is claimed and closed with its outcome. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** The dispatcher's lease for this attempt: the closing write is fenced by it. */
    lease: uuid('lease').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    /** delivered | retry | failed | interrupted (the dispatcher stopped mid-attempt); null while running. */
    outcome: text('outcome'),
    statusCode: integer('status_code'),
    error: text('error'),
  },
  (t) => [uniqueIndex('webhook_attempts_pk').on(t.deliveryId, t.attempt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
// --- Billing and batches (issue 12): in billing-schema.ts ---
export * from './billing-schema.ts';
// --- Sign-in attempts and account usage (issue 10, sign-in): in sign-in-schema.ts, this file being at its length limit ---
export * from './sign-in-schema.ts';
