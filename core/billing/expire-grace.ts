/**
 * The end of the grace rule (apply-event.ts): accounts whose first failed
 * payment is older than P2M_BILLING_GRACE_DAYS and not made good since move
 * to free, with their queued jobs. Run by the worker sweep; the grace row
 * stays, so a payment that goes through later (invoice.paid, or the
 * subscription active again) restores the plan.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import { setAccountTier } from '../accounts/set-account-tier.ts';
import type { Services } from '../context.ts';

/** Downgrades accounts past their grace; returns their ids. */
export async function expireBillingGrace(s: Pick<Services, 'db' | 'config'> & Partial<Pick<Services, 'wake'>>): Promise<string[]> {
  const days = s.config.billing?.graceDays;
  if (days === undefined) return [];
  const due = await rows<{ account_id: string }>(
    s.db as Db,
    sql`SELECT b.account_id FROM billing_customers b JOIN accounts a ON a.id = b.account_id
        WHERE b.payment_failed_at < now() - make_interval(days => ${days}) AND a.tier <> 'free'`,
  );
  for (const { account_id } of due) await setAccountTier(s, account_id, 'free');
  return due.map((r) => r.account_id);
}
