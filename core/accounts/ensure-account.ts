import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accounts, type AccountRow } from '../../db/schema.ts';
import type { TierName } from '../tiers.ts';

/** The account with this e-mail, created on first use (local accounts for people who have not signed in). */
export async function ensureAccount(db: Db, email: string, tier: TierName = 'free'): Promise<AccountRow> {
  const normalised = email.trim().toLowerCase();
  await db.insert(accounts).values({ email: normalised, tier }).onConflictDoNothing();
  const [row] = await db.select().from(accounts).where(eq(accounts.email, normalised));
  return row!;
}
