import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accounts, apiKeys } from '../../db/schema.ts';
import { hashSecret } from '../crypto/hash-secret.ts';
import { DomainError } from '../errors.ts';
import type { Principal } from '../principal.ts';
import { Scope } from '../scopes.ts';
import { TierName } from '../tiers.ts';
import type { ApiKeyCache } from './api-key-cache.ts';
import { API_KEY_PREFIX } from './issue-api-key.ts';

const KEY_SHAPE = /^p2m_[A-Za-z0-9_-]{43}$/;

/**
 * The principal of a bearer API key. Lookup is by the secret's hash, so no
 * secret is ever compared byte by byte; revoked and expired keys fail alike.
 * With a live cache (see api-key-cache.ts) a key seen before costs no query.
 */
export async function authenticateApiKey(db: Db, secret: string, cache?: ApiKeyCache): Promise<Principal> {
  if (!secret.startsWith(API_KEY_PREFIX) || !KEY_SHAPE.test(secret)) {
    throw new DomainError('unauthenticated', 'The API key is malformed; it starts with p2m_.');
  }
  const hash = hashSecret(secret);
  const cached = cache?.principals.get(hash);
  if (cached) {
    // The cached path is every poll's: no await unless the minute's last-use write is due.
    if (cached.kind === 'api_key' && cache!.shouldTouch(cached.keyId)) await touch(db, cached.keyId);
    return cached;
  }
  const generation = cache?.principals.generation ?? 0;
  const [row] = await lookupStatement(db).execute({ hash });
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) {
    throw new DomainError('unauthenticated', 'The API key is invalid, revoked or expired.');
  }
  const principal: Principal = {
    kind: 'api_key',
    accountId: row.accountId,
    keyId: row.id,
    scopes: row.scopes.map((s) => Scope.parse(s)),
    tier: TierName.parse(row.tier),
  };
  cache?.principals.set(hash, principal, generation, row.expiresAt?.getTime());
  if (!cache || cache.shouldTouch(row.id)) await touch(db, row.id);
  return principal;
}

/** Coarse last-use tracking: at most one write a minute per key (and, with a cache, one statement a minute per process). */
async function touch(db: Db, keyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(sql`${apiKeys.id} = ${keyId} and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`);
}

// Built once per database: drizzle's query building costs more than PGlite's execution of this lookup.
const statements = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      tier: accounts.tier,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('p2m_authenticate_api_key');
}

function lookupStatement(db: Db): ReturnType<typeof prepareLookup> {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepareLookup(db)));
  return s;
}
