import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * Runs one raw statement and returns its rows. node-postgres and PGlite both
 * answer with `{ rows }`; this hides the drivers' differing result types.
 */
export async function rows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
