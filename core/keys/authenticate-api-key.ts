import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accounts, apiKeys } from '../../db/schema.ts';
import { hashSecret } from '../crypto/hash-secret.ts';
import { DomainError } from '../errors.ts';
import type { Principal } from '../principal.ts';
import { Scope } from '../scopes.ts';
import { TierName } from '../tiers.ts';
import { API_KEY_PREFIX } from './issue-api-key.ts';

const KEY_SHAPE = /^p2m_[A-Za-z0-9_-]{43}$/;

/**
 * The principal of a bearer API key. Lookup is by the secret's hash, so no
 * secret is ever compared byte by byte; revoked and expired keys fail alike.
 */
export async function authenticateApiKey(db: Db, secret: string): Promise<Principal> {
  if (!secret.startsWith(API_KEY_PREFIX) || !KEY_SHAPE.test(secret)) {
    throw new DomainError('unauthenticated', 'The API key is malformed; it starts with p2m_.');
  }
  const [row] = await db
    .select({ key: apiKeys, tier: accounts.tier })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.hash, hashSecret(secret)))
    .limit(1);
  const expired = row?.key.expiresAt && row.key.expiresAt.getTime() <= Date.now();
  if (!row || row.key.revokedAt || expired) {
    throw new DomainError('unauthenticated', 'The API key is invalid, revoked or expired.');
  }
  // Coarse last-use tracking: at most one write a minute per key.
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(sql`${apiKeys.id} = ${row.key.id} and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`);
  return {
    kind: 'api_key',
    accountId: row.key.accountId,
    keyId: row.key.id,
    scopes: row.key.scopes.map((s) => Scope.parse(s)),
    tier: TierName.parse(row.tier),
  };
}
