/**
 * A fresh service environment per test: its own database (in-memory PGlite,
 * or a clone of the migrated PostgreSQL template when P2M_TEST_DB=postgres),
 * its own data directory, real services throughout. Use with `await using`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
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
import { openDatabase } from '../../db/database.ts';
import { cloneTemplate } from './pg-template.ts';
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

let seq = 0;

// Starting PGlite (WASM) and migrating costs seconds; cloning a migrated instance is much cheaper.
let pgliteTemplate: Promise<PGlite> | null = null;
async function clonePglite(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = new PGlite();
    const db = await openDatabase({ kind: 'pglite-instance', client });
    void db; // migrated; kept open as the template for this test file
    return client;
  })();
  return (await (await pgliteTemplate).clone()) as PGlite;
}

export async function testEnv(env: Record<string, string> = {}): Promise<TestEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), 'p2m-test-'));
  const clone = DB_KIND === 'postgres' ? await cloneTemplate() : null;
  const pglite = clone ? null : await clonePglite();
  const database = clone
    ? await openDatabase({ kind: 'postgres', url: clone.url, poolSize: 4 })
    : await openDatabase({ kind: 'pglite-instance', client: pglite! });
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
      await clone?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
