/**
 * The account ↔ Stripe customer link, and the claimable accounts of
 * anonymous buyers.
 */
import { and, eq, isNotNull, notExists } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accounts, billingCustomers, type AccountRow, type BillingCustomerRow } from '../../db/schema.ts';
import { DomainError } from '../errors.ts';
import { callProvider, type Billing } from './billing-service.ts';

/** Subscription states in which the plan is paid for (past_due: Stripe is retrying a failed payment). */
export const PAYING_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

export async function billingCustomerOf(db: Db, accountId: string): Promise<BillingCustomerRow | null> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.accountId, accountId));
  return row ?? null;
}

export async function accountById(db: Db, accountId: string): Promise<AccountRow> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new DomainError('not_found', 'No such account.');
  return row;
}

/**
 * The account an anonymous purchase goes to: a new claimable account for the
 * e-mail, or the claimable one an earlier purchase made. An e-mail that
 * already belongs to a person who signed in is refused: they must sign in to
 * buy, or anyone could attach a subscription to their account.
 */
export async function claimableAccountFor(db: Db, email: string): Promise<{ account: AccountRow; created: boolean }> {
  const normalised = email.trim().toLowerCase();
  const [made] = await db.insert(accounts).values({ email: normalised, tier: 'free', claimable: true }).onConflictDoNothing().returning();
  const [row] = made ? [made] : await db.select().from(accounts).where(eq(accounts.email, normalised));
  if (!row!.claimable) {
    throw new DomainError('forbidden', 'This e-mail already has an account: sign in to change its plan.');
  }
  return { account: row!, created: made !== undefined };
}

/**
 * Undoes the claimable account a failed anonymous checkout made: nothing may
 * be claimed for an e-mail unless a checkout session exists for it. Only an
 * account still claimable and never subscribed is removed (its customer link
 * goes with it).
 */
export async function dropUnusedClaimable(db: Db, accountId: string): Promise<void> {
  await db
    .delete(accounts)
    .where(
      and(
        eq(accounts.id, accountId),
        eq(accounts.claimable, true),
        notExists(db.select().from(billingCustomers).where(and(eq(billingCustomers.accountId, accountId), isNotNull(billingCustomers.subscriptionId)))),
      ),
    );
}

/**
 * The account's Stripe customer, created on first need. Stripe's idempotency
 * key and the unique row make concurrent checkouts of one account end with one
 * customer.
 */
export async function ensureCustomer(db: Db, billing: Billing, account: AccountRow): Promise<string> {
  const existing = await billingCustomerOf(db, account.id);
  if (existing) return existing.customerId;
  const customer = await callProvider('create the customer', () =>
    billing.stripe.customers.create(
      { ...(account.email ? { email: account.email } : {}), metadata: { p2m_account_id: account.id } },
      { idempotencyKey: `p2m-customer-${account.id}` },
    ),
  );
  await db.insert(billingCustomers).values({ accountId: account.id, customerId: customer.id }).onConflictDoNothing();
  return (await billingCustomerOf(db, account.id))!.customerId;
}
