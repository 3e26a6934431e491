import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { apiKeys } from '../../db/schema.ts';
import { z } from 'zod';
import { accountIdOf } from '../accounts/account-of.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';

/**
 * Revokes a key at once: on PostgreSQL authentication reads revoked_at on
 * every request; the embedded server's key cache is emptied by the trigger of
 * migration 0002 before this statement returns (core/keys/api-key-cache.ts).
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
  if (!existing) throw new DomainError('not_found', 'No such API key.');
}

export const revokeApiKeyOperation = defineOperation({
  name: 'revoke_api_key',
  title: 'Revoke an API key',
  description:
    "Revokes one of the account's API keys at once: the next request with it is 401. Revoking a revoked key again succeeds; another account's key, or an unknown id, is not_found.",
  scope: null,
  errors: ['not_linked', 'not_found'],
  actors: ['session', 'device'],
  input: z.object({ key_id: z.string().describe('The id of the key (a UUID).') }),
  output: z.object({ key_id: z.string(), revoked: z.literal(true) }),
  async handler(ctx, { key_id }) {
    const accountId = accountIdOf(ctx.principal);
    // An id that cannot be a key is as unknown as any other: 404, not 400.
    if (!z.uuid().safeParse(key_id).success) throw new DomainError('not_found', 'No such API key.');
    await revokeApiKey(ctx.db, key_id, accountId);
    return { key_id, revoked: true as const };
  },
});
