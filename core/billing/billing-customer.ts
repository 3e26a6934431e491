/**
 * The account ↔ Stripe customer link, and the claimable accounts of
 * anonymous buyers.
 */
import { eq } from 'drizzle-orm';
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
export async function claimableAccountFor(db: Db, email: string): Promise<AccountRow> {
  const normalised = email.trim().toLowerCase();
  await db.insert(accounts).values({ email: normalised, tier: 'free', claimable: true }).onConflictDoNothing();
  const [row] = await db.select().from(accounts).where(eq(accounts.email, normalised));
  if (!row!.claimable) {
    throw new DomainError('forbidden', 'This e-mail already has an account: sign in to change its plan.');
  }
  return row!;
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
