/**
 * One transaction, handed to `work` as a `Db`: drizzle's transaction object
 * has every query method of the database, so helpers written against `Db`
 * (rows(), the slot count, the locks) run inside it unchanged, and no caller
 * needs to cast. Commits when `work` resolves; rolls back when it throws.
 */
import type { Db } from './database.ts';

export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
