/**
 * Tables of paid tiers (billing through Stripe) and of batch creation,
 * re-exported by schema.ts (the one schema drizzle-kit reads).
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An account's Stripe customer and its current subscription. The account's
 * tier (accounts.tier) is what every request reads; this row is what the
 * provider's events are matched against and ordered by.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Stripe customer id (cus_…). */
    customerId: text('customer_id').notNull().unique(),
    /** The subscription that sets the tier (sub_…), once there is one. */
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status'),
    /** The paid tier the subscription's price buys. */
    plan: text('plan'),
    /** First failed payment not yet made good: the grace period counts from here. */
    paymentFailedAt: ts('payment_failed_at'),
    /** `created` of the last subscription event applied: older events arriving late are ignored. */
    eventCreatedAt: ts('event_created_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('billing_customers_grace_idx').on(t.paymentFailedAt).where(sql`payment_failed_at is not null`)],
);

/** Provider events already processed, by event id: a redelivered event changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('billing_events_received_idx').on(t.receivedAt)],
);

/** A batch creation made with an Idempotency-Key: a repeat answers with the same jobs. */
export const jobBatches = pgTable(
  'job_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerKey: text('owner_key').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    jobIds: uuid('job_ids').array().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_batches_idempotency_idx').on(t.ownerKey, t.idempotencyKey), index('job_batches_created_idx').on(t.createdAt)],
);

export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
