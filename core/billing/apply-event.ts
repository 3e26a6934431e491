/**
 * What a provider event does to an account.
 *
 * Subscriptions: the account's tier is the plan its subscription's price buys
 * while the subscription is active, trialing or past_due, and free once it is
 * canceled, unpaid, paused, incomplete_expired or deleted. An `incomplete`
 * subscription (first payment not through yet) changes nothing. The account
 * is found by its Stripe customer, or by the p2m_account_id metadata that
 * checkout puts on the subscription. Stripe does not promise event order, so
 * an event older than the last one applied is ignored, and an ending
 * subscription that is not the account's current one changes nothing.
 *
 * Grace rule: a failed payment does not downgrade at once. invoice.payment_failed
 * starts a grace period (P2M_BILLING_GRACE_DAYS, default 7) during which the
 * plan stays; it ends early when Stripe gives up (the subscription becomes
 * unpaid or canceled: free) or the payment goes through (invoice.paid, or the
 * subscription active again: the grace is cleared). When it runs out, the
 * sweep (expire-grace.ts) moves the account to free.
 */
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import { accounts, billingCustomers } from '../../db/schema.ts';
import { setAccountTierIn } from '../accounts/set-account-tier.ts';
import type { Services } from '../context.ts';
import type { TierName } from '../tiers.ts';
import { PAYING_STATUSES, billingCustomerOf } from './billing-customer.ts';
import { accountIdFromMetadata } from './event-shape.ts';

type Pools = ('free' | 'paid')[];
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The paid tier a subscription's price buys, by the configured price ids; null for an unknown price. */
function planOf(s: Pick<Services, 'config'>, sub: Stripe.Subscription): TierName | null {
  const priceIds = sub.items.data.map((item) => item.price.id);
  const entry = Object.entries(s.config.billing?.prices ?? {}).find(([, id]) => priceIds.includes(id!));
  return entry ? (entry[0] as TierName) : null;
}

/** The account a subscription belongs to, linking its customer on first sight. */
async function accountOf(tx: Db, customerId: string, metadataAccountId: string | undefined): Promise<string | null> {
  const [linked] = await tx.select().from(billingCustomers).where(eq(billingCustomers.customerId, customerId));
  if (linked) return linked.accountId;
  if (!metadataAccountId) return null;
  const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, metadataAccountId));
  if (!account) return null;
  await tx.insert(billingCustomers).values({ accountId: account.id, customerId }).onConflictDoNothing();
  return account.id;
}

export async function applySubscriptionEvent(
  tx: Db,
  s: Pick<Services, 'config'>,
  sub: Stripe.Subscription,
  e: { created: Date; deleted: boolean },
): Promise<Pools> {
  const customerId = idOf(sub.customer);
  const accountId = customerId ? await accountOf(tx, customerId, accountIdFromMetadata(sub.metadata?.p2m_account_id)) : null;
  if (!accountId) return [];
  const row = (await billingCustomerOf(tx, accountId))!;
  if (row.eventCreatedAt && e.created < row.eventCreatedAt) return [];
  const status = e.deleted ? 'canceled' : sub.status;
  const paying = PAYING_STATUSES.includes(status);
  const isCurrent = !row.subscriptionId || row.subscriptionId === sub.id;
  // An old subscription ending, or a new one not yet paid for, leaves the current one in charge.
  if (!isCurrent && !paying) return [];
  if (status === 'incomplete') return [];
  const plan = paying ? planOf(s, sub) : null;
  await tx
    .update(billingCustomers)
    .set({
      subscriptionId: sub.id,
      subscriptionStatus: status,
      plan,
      eventCreatedAt: e.created,
      // Active again: the payment went through. past_due keeps the grace that payment_failed started.
      ...(status === 'active' || status === 'trialing' || !paying ? { paymentFailedAt: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(billingCustomers.accountId, accountId));
  const inGrace = status !== 'past_due' || !(await graceOver(tx, s, accountId));
  const tier: TierName = paying && plan && inGrace ? plan : 'free';
  return (await setAccountTierIn(tx, s, accountId, tier)).pools;
}

/** invoice.payment_failed starts the grace period (once); invoice.paid ends it. */
export async function applyInvoiceEvent(tx: Db, invoice: Stripe.Invoice, outcome: 'failed' | 'paid'): Promise<void> {
  const customerId = idOf(invoice.customer);
  if (!customerId) return;
  const row = await tx.select().from(billingCustomers).where(eq(billingCustomers.customerId, customerId));
  if (!row[0]) return;
  // The grace counts from the first failure (database clock); later failures of the same period do not extend it.
  const paymentFailedAt = outcome === 'paid' ? null : sql`coalesce(${billingCustomers.paymentFailedAt}, now())`;
  await tx.update(billingCustomers).set({ paymentFailedAt, updatedAt: sql`now()` }).where(eq(billingCustomers.customerId, customerId));
}

/** Whether the account's grace after a failed payment has run out (a past_due subscription then buys nothing). */
async function graceOver(tx: Db, s: Pick<Services, 'config'>, accountId: string): Promise<boolean> {
  const days = s.config.billing?.graceDays ?? 0;
  const [r] = await rows<{ over: boolean }>(
    tx,
    sql`SELECT coalesce(payment_failed_at < now() - make_interval(days => ${days}), false) AS over
        FROM billing_customers WHERE account_id = ${accountId}`,
  );
  return r?.over ?? false;
}
