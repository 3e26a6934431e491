/**
 * API keys are `p2m_` plus 32 random bytes. Only the SHA-256 of the whole
 * secret and its first characters are stored; the secret is shown once.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accounts, apiKeys, type ApiKeyRow } from '../../db/schema.ts';
import { hashSecret, newSecret } from '../crypto/hash-secret.ts';
import { DomainError } from '../errors.ts';
import { DEFAULT_SCOPES, type Scope } from '../scopes.ts';
import type { Tiers, TierName } from '../tiers.ts';

export const API_KEY_PREFIX = 'p2m_';
const START_LENGTH = 8;

export type IssuedKey = { record: ApiKeyRow; secret: string };

export async function issueApiKey(
  db: Db,
  tiers: Tiers,
  req: { accountId: string; name: string; scopes?: readonly Scope[]; expiresAt?: Date | null },
): Promise<IssuedKey> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'keys:' + req.accountId}))`);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, req.accountId));
    if (!account) throw new DomainError('not_found', 'No such account.');
    const limit = tiers[account.tier as TierName].apiKeysLimit;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, req.accountId), isNull(apiKeys.revokedAt)));
    if (n >= limit) throw new DomainError('limit_reached', `This plan allows ${limit} active API keys; revoke one first.`);
    const secret = newSecret(API_KEY_PREFIX);
    const [record] = await tx
      .insert(apiKeys)
      .values({
        accountId: req.accountId,
        name: req.name,
        hash: hashSecret(secret),
        start: secret.slice(0, START_LENGTH),
        scopes: [...(req.scopes ?? DEFAULT_SCOPES)],
        expiresAt: req.expiresAt ?? null,
      })
      .returning();
    return { record: record!, secret };
  });
}
