import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accounts, type AccountRow } from '../../db/schema.ts';

/**
 * The account a sign-in lands on, by its unique e-mail (which the identity
 * provider has verified): created on first sign-in, else updated. A claimable
 * account — made by an anonymous purchase for this e-mail — is claimed: it
 * stops being claimable, keeping its tier. One statement, so two sign-ins at
 * once still make one account.
 */
export async function accountForVerifiedEmail(db: Db, email: string, name: string | null): Promise<AccountRow> {
  const normalised = email.trim().toLowerCase();
  const [row] = await db
    .insert(accounts)
    .values({ email: normalised, name })
    .onConflictDoUpdate({
      target: accounts.email,
      set: { claimable: false, name: sql`coalesce(excluded.name, ${accounts.name})` },
    })
    .returning();
  return row!;
}
