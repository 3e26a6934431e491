import { loadConfig } from '../core/config.ts';
import { openDatabase } from '../db/database.ts';
import { databaseTarget } from '../core/runtime.ts';

/** `p2m migrate`: opening the database applies pending migrations. */
export async function run(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  await database.close();
  console.log(`migrations applied (${database.kind})`);
  return 0;
}
