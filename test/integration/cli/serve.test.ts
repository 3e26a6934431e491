import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DB_KIND } from '../../support/test-env.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '../../../cli/p2m.ts');

describe.runIf(DB_KIND === 'pglite')('p2m serve on a port that is already taken', () => {
  it('exits non-zero and says why, instead of running without listening', { timeout: 180_000 }, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const dataDir = await mkdtemp(join(tmpdir(), 'p2m-serve-'));
    const env = { ...process.env, P2M_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), P2M_WORKERS: '0' };
    try {
      // A serve that keeps running is killed at the timeout, which fails the test.
      const outcome = await run(process.execPath, [CLI, 'serve'], { env, timeout: 120_000 }).then(
        (r) => ({ code: 0, signal: null, stdout: r.stdout, stderr: r.stderr }),
        (e: { code: number; signal: string | null; stdout: string; stderr: string }) => e,
      );
      expect(outcome.signal).toBeNull();
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain(`p2m: port ${port} on 127.0.0.1 is already in use`);
      expect(outcome.stdout).not.toContain('p2m serving');
    } finally {
      taken.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
