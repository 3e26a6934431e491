import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accounts, apiKeys } from '../../db/schema.ts';
import { hashSecret } from '../crypto/hash-secret.ts';
import { DomainError } from '../errors.ts';
import type { Principal } from '../principal.ts';
import { Scope } from '../scopes.ts';
import { TierName } from '../tiers.ts';
import type { ApiKeyCache } from './api-key-cache.ts';
import { CoalescedReads } from '../batch/coalesced-reads.ts';
import { API_KEY_PREFIX } from './issue-api-key.ts';

const KEY_SHAPE = /^p2m_[A-Za-z0-9_-]{43}$/;

/**
 * The principal of a bearer API key. Lookup is by the secret's hash, so no
 * secret is ever compared byte by byte; revoked and expired keys fail alike.
 * With a live cache (see api-key-cache.ts) a key seen before costs no query.
 */
export async function authenticateApiKey(
  db: Db,
  secret: string,
  cache?: ApiKeyCache,
  /** Most key lookups in one statement (config P2M_READ_BATCH_MAX); fixed by the first call per database. */
  maxBatch?: number,
): Promise<Principal> {
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
  const row = await lookups(db, maxBatch).load(hash);
  if (!row || row.revokedAt || row.expired) {
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
// Expiry is judged by the database clock, like every other time rule.
function prepareLookup(db: Db) {
  return db
    .select({
      hash: apiKeys.hash,
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      expired: sql<boolean>`coalesce(${apiKeys.expiresAt} <= now(), false)`,
      tier: accounts.tier,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(sql`${apiKeys.hash} = any(${sql.placeholder('hashes')}::text[])`)
    .prepare('p2m_authenticate_api_keys');
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof prepareLookup>['execute']>>[number];

// Every request with a key looks it up: concurrent lookups go to the database as one statement
// (core/batch/coalesced-reads.ts), each still answered by a read that started after it was asked.
const perDb = new WeakMap<Db, CoalescedReads<string, KeyRow>>();

function lookups(db: Db, maxBatch: number | undefined): CoalescedReads<string, KeyRow> {
  let reads = perDb.get(db);
  if (!reads) {
    const statement = prepareLookup(db);
    reads = new CoalescedReads(async (hashes) => {
      const rows = await statement.execute({ hashes });
      return new Map(rows.map((r) => [r.hash, r]));
    }, (hash) => hash, maxBatch);
    perDb.set(db, reads);
  }
  return reads;
}
