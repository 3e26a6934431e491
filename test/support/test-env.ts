/**
 * A service environment per test, with real services throughout: its own
 * runtime, configuration and data directory, over one of two databases. Use
 * with `await using`.
 *
 * - `fileEnv()`, the default for new tests: the test file's one database
 *   (in-memory PGlite, or a clone of the migrated PostgreSQL template when
 *   P2M_TEST_DB=postgres), made at the file's first call and dropped after its
 *   last test. Each test makes its own accounts with `env.user()`, so tests
 *   stay apart without paying for a database each.
 * - `testEnv()`: a database of its own, for a test that reads or changes state
 *   beyond its own accounts (a worker claiming every queued job, retention
 *   sweeps, counts over all rows, sign-ins by a fixed e-mail ...).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { inject } from 'vitest';
import { ensureAccount } from '../../core/accounts/ensure-account.ts';
import { loadConfig, type Config } from '../../core/config.ts';
import type { Ctx } from '../../core/context.ts';
import { authenticateApiKey } from '../../core/keys/authenticate-api-key.ts';
import { issueApiKey } from '../../core/keys/issue-api-key.ts';
import type { Principal } from '../../core/principal.ts';
import { createRuntime, type Runtime } from '../../core/runtime.ts';
import type { Scope } from '../../core/scopes.ts';
import type { TierName } from '../../core/tiers.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { cloneTemplate } from './pg-template.ts';
import { newMigratedPglite } from './pglite-template.ts';
import { DEFAULT_REDIS_URL } from './services/test-services.ts';

export const DB_KIND = process.env.P2M_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
// The global setup provides the run's Redis (the configured one, or a private one it started).
export const REDIS_URL = DB_KIND === 'postgres' ? (inject('redisUrl') ?? process.env.P2M_TEST_REDIS_URL ?? DEFAULT_REDIS_URL) : undefined;

export type TestUser = { accountId: string; key: string; principal: Principal };

export type TestEnv = AsyncDisposable & {
  runtime: Runtime;
  config: Config;
  dataDir: string;
  /** The embedded database's client (null on PostgreSQL), e.g. to count the statements a request costs. */
  pglite: PGlite | null;
  /** A new account with one API key. */
  user(opts?: { tier?: TierName; scopes?: Scope[] }): Promise<TestUser>;
  ctx(principal: Principal): Ctx;
};

/** Which database an environment runs on: the file's shared one, or one of its own. */
export type DatabaseChoice = 'file' | 'fresh';

/** `drop()` deletes the database once it is closed. */
type OpenedDatabase = { database: Database; pglite: PGlite | null; drop(): Promise<void> };

let seq = 0;

/** A new database: a copy of the migrated template. */
async function openFresh(): Promise<OpenedDatabase> {
  if (DB_KIND === 'postgres') {
    const clone = await cloneTemplate();
    const database = await openDatabase({ kind: 'postgres', url: clone.url, poolSize: 4 });
    return { database, pglite: null, drop: clone.drop };
  }
  const pglite = await newMigratedPglite();
  return { database: await openDatabase({ kind: 'pglite-instance', client: pglite }), pglite, drop: async () => undefined };
}

// The file's shared database: made at the first fileEnv() of the file, dropped after its last test.
let fileDatabase: Promise<OpenedDatabase> | null = null;

/**
 * Closes and drops the file's database, if it made one. Registered after each
 * test file by the integration projects' setup file (file-database-setup.ts),
 * not here: a worker that runs several files imports this module once.
 */
export async function closeFileDatabase(): Promise<void> {
  const opened = await fileDatabase;
  fileDatabase = null;
  if (!opened) return;
  await opened.database.close();
  await opened.drop();
}

/** The file's database, wrapped so that closing a test's runtime leaves it open for the next test. */
async function openShared(): Promise<OpenedDatabase> {
  const opened = await (fileDatabase ??= openFresh());
  return { ...opened, database: { ...opened.database, close: async () => undefined }, drop: async () => undefined };
}

/** An environment on the chosen database (for helpers that let their callers choose). */
export async function envOn(choice: DatabaseChoice, env: Record<string, string> = {}): Promise<TestEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), 'p2m-test-'));
  const { database, pglite, drop } = choice === 'file' ? await openShared() : await openFresh();
  const config = loadConfig({
    P2M_DATA_DIR: dataDir,
    P2M_LOG_LEVEL: 'silent',
    // Every test signs in from 127.0.0.1, and on Redis the per-address counter is shared by the whole run;
    // a test of that limit sets its own (sign-in-errors.test.ts).
    P2M_SIGN_IN_PER_IP: '100000',
    ...(REDIS_URL ? { REDIS_URL } : {}),
    ...env,
  });
  const runtime = await createRuntime(config, { database, log: pino({ level: 'silent' }) });
  return {
    runtime,
    config,
    dataDir,
    pglite,
    async user(opts = {}) {
      const account = await ensureAccount(runtime.db, `user${++seq}-${process.pid}@test.local`, opts.tier ?? 'free');
      const { secret } = await issueApiKey(runtime.db, config.tiers, {
        accountId: account.id,
        name: 'test',
        ...(opts.scopes ? { scopes: opts.scopes } : {}),
      });
      return { accountId: account.id, key: secret, principal: await authenticateApiKey(runtime.db, secret) };
    },
    ctx: (principal) => ({ ...runtime, principal, requestId: 'test' }),
    async [Symbol.asyncDispose]() {
      await runtime.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An environment on the test file's shared database (see above): the cheap default. */
export function fileEnv(env: Record<string, string> = {}): Promise<TestEnv> {
  return envOn('file', env);
}

/** An environment on a database of its own, for a test that changes or counts state beyond its own accounts. */
export function testEnv(env: Record<string, string> = {}): Promise<TestEnv> {
  return envOn('fresh', env);
}
