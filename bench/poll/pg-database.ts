/** A fresh PostgreSQL database for one benchmark run, dropped afterwards. */
import pg from 'pg';

export type PgDatabase = { url: string; drop(): Promise<void> };

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `name` (dropping any leftover of an earlier run) on the server of adminUrl. */
export async function freshDatabase(adminUrl: string, name: string): Promise<PgDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
