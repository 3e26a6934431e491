/**
 * The database's word that rows changed, for the read caches of this process.
 *
 * Triggers (migration 0002) notify `p2m_table_changed` with a table's name on
 * every statement that changes jobs, API keys or account tiers, whoever runs
 * it, in sessions that turned p2m.notify_table_changes on. Caches are allowed only where that word arrives before the changing
 * statement returns (`live`): PGlite, one process with one session, delivers
 * it while reading the statement's reply, so no read can see the old rows
 * afterwards. On PostgreSQL, other processes' notifications arrive later on
 * another connection, so `live` is false there and the caches stay empty.
 */
import { sql } from 'drizzle-orm';
import type { Database, Unlisten } from '../../db/database.ts';

export const TABLE_CHANGED_CHANNEL = 'p2m_table_changed';

/** Tables whose changes are announced. */
export type WatchedTable = 'jobs' | 'api_keys' | 'accounts';

export type TableChanges = {
  /** Whether notifications are synchronous here, so caches may be used. */
  readonly live: boolean;
  /** Calls `fn` whenever a statement changed `table`. */
  on(table: WatchedTable, fn: () => void): void;
  close(): Promise<void>;
};

/** Subscribes to the change channel where that is synchronous; elsewhere a feed that never fires. */
export async function watchTableChanges(database: Pick<Database, 'listenInProcess' | 'db'>): Promise<TableChanges> {
  const handlers = new Map<string, (() => void)[]>();
  const dispatch = (table: string) => {
    for (const fn of handlers.get(table) ?? []) fn();
  };
  let unlisten: Unlisten | null = null;
  if (database.listenInProcess) {
    unlisten = await database.listenInProcess(TABLE_CHANGED_CHANNEL, dispatch);
    // The triggers notify only in sessions that ask for it (see migration 0002); PGlite has this one session.
    await database.db.execute(sql`select set_config('p2m.notify_table_changes', 'on', false)`);
  }
  return {
    live: unlisten !== null,
    on(table, fn) {
      handlers.set(table, [...(handlers.get(table) ?? []), fn]);
    },
    async close() {
      await unlisten?.();
    },
  };
}
