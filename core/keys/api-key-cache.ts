/**
 * What API key authentication remembers between requests, per process.
 *
 * Principals are cached by key hash only where the change feed is live (the
 * embedded server; see core/cache/table-changes.ts): any statement that
 * revokes, expires, re-scopes, moves or deletes a key, or changes an
 * account's tier, empties the cache before it returns, so a revoked key fails
 * on its very next request. On PostgreSQL every request reads its key.
 *
 * The last-use time is written at most once a minute per key and process,
 * instead of a conditional UPDATE on every request.
 */
import { ReadCache } from '../cache/read-cache.ts';
import type { TableChanges } from '../cache/table-changes.ts';
import type { Principal } from '../principal.ts';

const TOUCH_EVERY_MS = 60_000;
const MAX_TOUCHED = 10_000;
// Changes empty the cache at once; the age bound is only a safety net.
const MAX_AGE_MS = 60_000;

export class ApiKeyCache {
  /** Principals by key hash, each valid until its key's expiry. */
  readonly principals: ReadCache<Principal>;
  #touched = new Map<string, number>();

  /** `maxEntries`: most principals remembered (config P2M_READ_CACHE_ENTRIES). */
  constructor(changes: Pick<TableChanges, 'live' | 'on'>, maxEntries?: number) {
    this.principals = new ReadCache({ live: changes.live, maxAgeMs: MAX_AGE_MS, ...(maxEntries ? { maxEntries } : {}) });
    changes.on('api_keys', () => this.principals.invalidate());
    changes.on('accounts', () => this.principals.invalidate());
  }

  /** True at most once a minute per key: time to record its last use. */
  shouldTouch(keyId: string, now = Date.now()): boolean {
    const last = this.#touched.get(keyId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return false;
    if (this.#touched.size >= MAX_TOUCHED) this.#touched.clear();
    this.#touched.set(keyId, now);
    return true;
  }
}
