/**
 * Tables of sign-in through the OpenID provider and of account usage,
 * re-exported by schema.ts (the one schema drizzle-kit reads).
 */
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

/** The same counts per UTC day (migration account_usage_daily): the account page's chart of the month. */
export const accountUsageDaily = pgTable(
  'account_usage_daily',
  {
    accountId: uuid('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    jobs: integer('jobs').notNull().default(0),
    pages: integer('pages').notNull().default(0),
  },
  (t) => [uniqueIndex('account_usage_daily_pk').on(t.accountId, t.day)],
);
