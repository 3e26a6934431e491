/**
 * The one database schema, PostgreSQL dialect, shared by embedded PGlite and
 * server PostgreSQL. Migrations in db/migrations are generated from it with
 * `npm run db:generate` and applied at start.
 */
import { sql } from 'drizzle-orm';
import {
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
  },
  (t) => [index('api_keys_account_idx').on(t.accountId)],
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
    index('jobs_claim_idx').on(t.pool, t.status, t.priority, t.runAt),
    index('jobs_owner_idx').on(t.ownerKey, t.createdAt),
    index('jobs_lease_idx').on(t.status, t.leaseUntil),
    uniqueIndex('jobs_idempotency_idx')
      .on(t.ownerKey, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('jobs_status_check', sql`${t.status} in (${sqlList(JobStatus.options)})`),
    check('jobs_error_code_check', sql`${t.errorCode} is null or ${t.errorCode} in (${sqlList(JobErrorCode.options)})`),
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
  },
  (t) => [index('device_link_tickets_exp').on(t.expiresAt)],
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
// --- Sign-in through an OpenID provider (core/sign-in/) ---

/**
 * A started sign-in, waiting for the provider to send the browser back.
 * Looked up by the SHA-256 of its `state`, taken (deleted) once, and bound to
 * the browser that started it by the SHA-256 of a short-lived cookie. The
 * PKCE verifier, the nonce and a device-link ticket are needed again, so they
 * are sealed (core/crypto/secret-box.ts), never stored in the clear.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull().unique(),
    bindingHash: text('binding_hash').notNull(),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    nonceSealed: text('nonce_sealed').notNull(),
    /** The redirect_uri sent to the provider: the start request's public origin plus the callback path. */
    redirectUri: text('redirect_uri').notNull(),
    linkTicketSealed: text('link_ticket_sealed'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sign_in_attempts_expires_idx').on(t.expiresAt)],
);

export type SignInAttemptRow = typeof signInAttempts.$inferSelect;

// --- Account usage (fair-use progress, core/accounts/get-usage.ts) ---

/**
 * Jobs created and pages converted per account and calendar month (UTC).
 * Kept by triggers on jobs (migration account_usage_sql), so the counts stay
 * exact when jobs are deleted or purged and no code path can forget them.
 */
export const accountUsage = pgTable(
  'account_usage',
  {
    // No foreign key: a trigger on jobs writes here, and it must never make a job's insert fail.
    accountId: uuid('account_id').notNull(),
    /** First day of the month, UTC. */
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    jobs: integer('jobs').notNull().default(0),
    pages: integer('pages').notNull().default(0),
  },
  (t) => [uniqueIndex('account_usage_pk').on(t.accountId, t.periodStart)],
);
