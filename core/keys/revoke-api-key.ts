import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { apiKeys } from '../../db/schema.ts';
import { DomainError } from '../errors.ts';

/**
 * Revokes a key at once: on PostgreSQL authentication reads revoked_at on
 * every request; the embedded server's key cache is emptied by the trigger of
 * migration 0001 before this statement returns (core/keys/api-key-cache.ts).
 * accountId limits it to one account's keys (null: the local operator, any key).
 */
export async function revokeApiKey(db: Db, keyId: string, accountId: string | null): Promise<void> {
  const owner = accountId === null ? undefined : eq(apiKeys.accountId, accountId);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt), owner))
    .returning({ id: apiKeys.id });
  if (row) return;
  const [existing] = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, keyId), owner));
  if (!existing) throw new DomainError('not_found', `No API key ${keyId}.`);
}
