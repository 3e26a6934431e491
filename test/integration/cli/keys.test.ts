import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { authenticateApiKey } from '../../../core/keys/authenticate-api-key.ts';
import { createRuntime } from '../../../core/runtime.ts';
import { DB_KIND } from '../../support/test-env.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '../../../cli/p2m.ts');

// `p2m keys` on the embedded database with no server running opens the data directory itself.
describe.runIf(DB_KIND === 'pglite')('p2m keys (embedded database, no server)', () => {
  // Three CLI processes each start PGlite from scratch: slow on a busy machine, so a longer limit.
  it('creates a key that authenticates, lists it without its secret, and revokes it', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'p2m-cli-'));
    const env = { ...process.env, P2M_DATA_DIR: dataDir, P2M_LOG_LEVEL: 'silent' };
    try {
      const created = await run(process.execPath, [CLI, 'keys', 'create', '--email', 'cli@example.com'], { env });
      const key = created.stdout.trim();
      expect(key).toMatch(/^p2m_[A-Za-z0-9_-]{43}$/);
      // It says where it wrote: people run more than one data directory.
      expect(created.stderr).toContain(`stored in the embedded database in ${join(dataDir, 'db')}`);
      const listed = await run(process.execPath, [CLI, 'keys', 'list', '--email', 'cli@example.com'], { env });
      const keyId = listed.stdout.split(/\s+/)[0]!;
      expect(listed.stdout).not.toContain(key);
      expect(listed.stdout).toContain(key.slice(0, 8));

      const runtime = await createRuntime(loadConfig(env));
      try {
        expect(await authenticateApiKey(runtime.db, key)).toMatchObject({ kind: 'api_key', tier: 'free' });
      } finally {
        await runtime.close();
      }
      await run(process.execPath, [CLI, 'keys', 'revoke', keyId], { env });
      const after = await createRuntime(loadConfig(env));
      try {
        await expect(authenticateApiKey(after.db, key)).rejects.toMatchObject({ code: 'unauthenticated' });
      } finally {
        await after.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
