/**
 * PostgreSQL for integration tests: one migrated template database per run;
 * each test file clones it (CREATE DATABASE … TEMPLATE), which takes
 * milliseconds, and drops its clone afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { DEFAULT_PG_URL } from './services/test-services.ts';

/** The run's PostgreSQL (provided by the global setup, which may have started a private one). */
const adminUrl = () => inject('pgAdminUrl') ?? process.env.P2M_TEST_PG_URL ?? DEFAULT_PG_URL;
// Overridable so worktrees with different migrations can run their PostgreSQL suites side by side.
export const TEMPLATE = process.env.P2M_TEST_PG_TEMPLATE ?? 'p2m_template';

const urlFor = (db: string, base = adminUrl()) => {
  const u = new URL(base);
  u.pathname = `/${db}`;
  return u.toString();
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = adminUrl()): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Rebuilds the template from the current migrations (run once per test run). */
export async function buildTemplate(url: string): Promise<void> {
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${TEMPLATE}`);
  }, url);
  const db = await openDatabase({ kind: 'postgres', url: urlFor(TEMPLATE, url), poolSize: 1 });
  await db.close();
}

export async function cloneTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  return {
    url: urlFor(name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
