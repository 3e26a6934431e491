/**
 * The rows of started sign-ins (table sign_in_attempts), one statement per
 * function. A row is found only by the hash of its state and is deleted by
 * the lookup itself, so a state works once even when two callbacks race.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { signInAttempts, type SignInAttemptRow } from '../../db/schema.ts';

export type NewSignInAttempt = Pick<
  SignInAttemptRow,
  'stateHash' | 'bindingHash' | 'codeVerifierSealed' | 'nonceSealed' | 'redirectUri' | 'linkTicketSealed'
>;

/** Stores a started sign-in that expires `ttlSeconds` from now (database clock). */
export async function insertSignInAttempt(db: Db, row: NewSignInAttempt, ttlSeconds: number): Promise<void> {
  await db.insert(signInAttempts).values({ ...row, expiresAt: sql`now() + ${`${ttlSeconds} seconds`}::interval` });
}

/** Takes (deletes and returns) the attempt of a state hash, with whether it had expired; null when unknown or taken. */
export async function takeSignInAttempt(db: Db, stateHash: string): Promise<(SignInAttemptRow & { expired: boolean }) | null> {
  const [row] = await db
    .delete(signInAttempts)
    .where(eq(signInAttempts.stateHash, stateHash))
    .returning({ ...signInAttemptColumns(), expired: sql<boolean>`${signInAttempts.expiresAt} <= now()` });
  return row ?? null;
}

/** The retention sweep's part: attempts nobody came back for. */
export async function purgeSignInAttempts(db: Db): Promise<number> {
  const gone = await db.delete(signInAttempts).where(sql`${signInAttempts.expiresAt} <= now()`).returning({ id: signInAttempts.id });
  return gone.length;
}

function signInAttemptColumns() {
  const { id, stateHash, bindingHash, codeVerifierSealed, nonceSealed, redirectUri, linkTicketSealed, createdAt, expiresAt } = signInAttempts;
  return { id, stateHash, bindingHash, codeVerifierSealed, nonceSealed, redirectUri, linkTicketSealed, createdAt, expiresAt };
}
