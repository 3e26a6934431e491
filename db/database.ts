/**
 * Database factory: embedded PGlite in a data directory by default, server
 * PostgreSQL through `pg` when a URL is given. One schema, one dialect.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDirLock, type DirLock } from './dir-lock.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Stops a subscription. */
export type Unlisten = () => Promise<void>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel where a notification reaches this process
   * before the statement that raised it returns: PGlite, one process with one
   * session, delivers it while reading that statement's reply. Null on
   * PostgreSQL, where another process's notifications arrive later on another
   * connection, so nothing may rely on them being already there.
   */
  listenInProcess: ((channel: string, onNotify: (payload: string) => void) => Promise<Unlisten>) | null;
  close(): Promise<void>;
};

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null /* null: in memory */ }
  /** An already open PGlite instance (tests clone a migrated one); closed with the Database. */
  | { kind: 'pglite-instance'; client: PGlite }
  | { kind: 'postgres'; url: string; poolSize?: number };

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  if (target.kind === 'pglite-instance') return wrapPglite(target.client, null);
  return openPglite(target.dataDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  // Several processes may start at once against one server: serialise migrations.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(7270001)');
    // Migrate on the locked connection itself: the pool may hold only one.
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
    await client.query('select pg_advisory_unlock(7270001)');
  } finally {
    client.release();
  }
  return { db: db as unknown as Db, kind: 'postgres', listenInProcess: null, close: () => pool.end() };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let lock: DirLock | null = null;
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // PGlite is single-process: a second process on the same directory would corrupt it.
    lock = acquireDirLock(join(dataDir, 'pglite.lock'));
    client = new PGlite(join(dataDir, 'pglite'));
  } else {
    client = new PGlite();
  }
  return wrapPglite(client, lock);
}

async function wrapPglite(client: PGlite, lock: DirLock | null): Promise<Database> {
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      listenInProcess: (channel, onNotify) => client.listen(channel, onNotify),
      async close() {
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    await client.close().catch(() => undefined);
    lock?.release();
    throw err;
  }
}
