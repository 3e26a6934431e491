import { execFile, execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DB_KIND } from '../../support/test-env.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../../..');

// The first run happens on whatever Node is on the machine's PATH, before the
// project's own Node 24 exists: find an npm that is not ours (tests run with
// node_modules/.bin first on PATH).
const systemNpm = (() => {
  try {
    const found = execFileSync('sh', ['-c', 'which -a npm'], { encoding: 'utf8' }).split('\n');
    return found.find((p) => p !== '' && !p.includes('node_modules'));
  } catch {
    return undefined;
  }
})();

describe.runIf(systemNpm !== undefined && DB_KIND === 'pglite')('first run: npm ci with the machine\'s own npm', () => {
  it('prints no warnings (no EBADENGINE, no unreviewed install scripts)', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'p2m-npm-'));
    try {
      for (const f of ['package.json', 'package-lock.json', '.npmrc']) await copyFile(join(ROOT, f), join(dir, f));
      const path = (process.env.PATH ?? '').split(':').filter((p) => !p.includes('node_modules')).join(':');
      const { stdout, stderr } = await run(systemNpm!, ['ci', '--dry-run', '--offline'], {
        cwd: dir,
        env: { ...process.env, PATH: path },
      });
      expect(stderr).not.toMatch(/npm warn/i);
      expect(stdout).not.toMatch(/EBADENGINE/);
      expect(stdout).toMatch(/add node 24\./);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
