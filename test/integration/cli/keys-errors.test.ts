import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../../../core/accounts/ensure-account.ts';
import { authenticateApiKey } from '../../../core/keys/authenticate-api-key.ts';
import { createLocalKey } from '../../../core/keys/local-keys.ts';
import { acquireDirLock, type DirLock } from '../../../db/dir-lock.ts';
import { accounts } from '../../../db/schema.ts';
import { adminSocketPath } from '../../../cli/paths.ts';
import { serveAdminSocket, type AdminSocket } from '../../../rpc/admin-socket.ts';
import { DB_KIND, fileEnv, type TestEnv } from '../../support/test-env.ts';

const execFileAsync = promisify(execFile);
const CLI = join(import.meta.dirname, '../../../cli/p2m.ts');

type Outcome = { code: number; stdout: string; stderr: string };

// This test process plays the running embedded server: it holds the data
// directory's lock and serves the admin socket, so each CLI run is quick.
describe.runIf(DB_KIND === 'pglite')('p2m keys against a running embedded server', () => {
  let env: TestEnv;
  let lock: DirLock;
  let socket: AdminSocket;
  const p2m = (...args: string[]): Promise<Outcome> =>
    execFileAsync(process.execPath, [CLI, ...args], {
      env: { ...process.env, P2M_DATA_DIR: env.dataDir, P2M_LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: Outcome) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  const expectOneSentence = (o: Outcome, text: string | RegExp) => {
    expect(o.code).toBe(1);
    expect(o.stdout).toBe('');
    expect(o.stderr.trim().split('\n')).toHaveLength(1);
    expect(o.stderr).toMatch(text);
  };

  beforeAll(async () => {
    env = await fileEnv();
    mkdirSync(join(env.dataDir, 'db'), { recursive: true });
    lock = acquireDirLock(join(env.dataDir, 'db', 'pglite.lock'));
    socket = await serveAdminSocket(env.runtime, adminSocketPath(env.config));
  });
  afterAll(async () => {
    await socket.close();
    lock.release();
    await env[Symbol.asyncDispose]();
  });

  it('create with no options makes a working key for the local account', async () => {
    const o = await p2m('keys', 'create');
    expect(o.code).toBe(0);
    const key = o.stdout.trim();
    expect(await authenticateApiKey(env.runtime.db, key)).toMatchObject({ kind: 'api_key', tier: 'free' });
  });

  it('a bad e-mail is one sentence naming the option', async () => {
    expectOneSentence(await p2m('keys', 'create', '--email', 'not-an-email'), /^p2m: --email "not-an-email" is not valid/);
  });

  it('an unknown tier or scope is one sentence', async () => {
    expectOneSentence(await p2m('keys', 'create', '--tier', 'gold'), /^p2m: --tier "gold" is not valid/);
    expectOneSentence(await p2m('keys', 'create', '--scopes', 'jobs:fly'), /^p2m: --scopes \["jobs:fly"\] is not valid/);
  });

  it('over the key limit says so, not that the socket did not answer', async () => {
    const email = 'full@example.com';
    await ensureAccount(env.runtime.db, email, 'free');
    const limit = env.config.tiers.free.apiKeysLimit;
    for (let i = 0; i < limit; i++) await createLocalKey(env.runtime, { email, name: `k${i}` });
    const o = await p2m('keys', 'create', '--email', email);
    expectOneSentence(o, new RegExp(`^p2m: This plan allows ${limit} active API keys`));
    expect(o.stderr).not.toContain('did not answer');
  });

  it('--tier on an existing account applies and says so', async () => {
    const email = 'upgrade@example.com';
    await ensureAccount(env.runtime.db, email, 'free');
    const o = await p2m('keys', 'create', '--email', email, '--tier', 'pro');
    expect(o.code).toBe(0);
    expect(o.stderr).toContain('tier pro, changed from free');
    const [row] = await env.runtime.db.select().from(accounts).where(eq(accounts.email, email));
    expect(row?.tier).toBe('pro');
    expect(await authenticateApiKey(env.runtime.db, o.stdout.trim())).toMatchObject({ tier: 'pro' });
  });

  it('an unknown action or a bad key id is one sentence', async () => {
    expectOneSentence(await p2m('keys', 'rotate'), /^p2m: unknown action "rotate"/);
    expectOneSentence(await p2m('keys', 'create', '--owner', 'x'), /^p2m: --owner is not an option of p2m keys/);
    expectOneSentence(await p2m('keys', 'revoke'), /^p2m: revoke needs a key id/);
    expectOneSentence(await p2m('keys', 'revoke', 'abc'), /^p2m: key id "abc" is not valid/);
    expectOneSentence(await p2m('keys', 'list', '--email', 'nobody@example.com'), /^p2m: No account nobody@example.com/);
  });
});

describe('p2m with a bad setting', () => {
  it('names the setting in one sentence, not a zod dump', async () => {
    const o = await execFileAsync(process.execPath, [CLI, 'migrate'], { env: { ...process.env, PORT: 'abc' } }).then(
      () => ({ code: 0, stderr: '' }),
      (e: Outcome) => e,
    );
    expect(o.code).toBe(1);
    expect(o.stderr.trim()).toMatch(/^p2m: invalid PORT: [^\n]+$/);
  });
});

describe('p2m <command> --help', () => {
  it.each(['serve', 'worker', 'keys', 'convert', 'migrate'])('%s --help prints its usage and exits 0', async (name) => {
    const { stdout } = await execFileAsync(process.execPath, [CLI, name, '--help']);
    expect(stdout).toMatch(new RegExp(`^usage: p2m ${name}`));
  });
});
