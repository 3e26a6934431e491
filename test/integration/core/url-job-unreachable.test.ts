import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DB_KIND } from '../../support/test-env.ts';

const run = promisify(execFile);
const PROBE = join(import.meta.dirname, '../../support/url-job-in-empty-netns.ts');

// Needs root (or user namespaces) for network and mount namespaces; reported as skipped with this reason otherwise.
const canUnshare = spawnSync('unshare', ['--net', '--mount', 'true']).status === 0;

// In its own network namespace (no interface up, so nothing leaves) and mount
// namespace (so the machine's /etc/hosts is untouched), the system resolver
// reads `hosts` instead of /etc/hosts.
async function inEmptyNetns(hosts: string, args: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'p2m-hosts-'));
  try {
    await writeFile(join(dir, 'hosts'), hosts);
    const script = 'mount --bind "$1" /etc/hosts && shift && exec "$@"';
    const { stdout } = await run('unshare', ['--net', '--mount', 'sh', '-c', script, 'sh', join(dir, 'hosts'), ...args]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// The reproduction: a link to an IPv6-only name on a machine without
// IPv6 answered 400 "Cannot read properties of null (reading 'setServername')"
// and then the process died of an unhandled 'error' event.
describe.runIf(canUnshare && DB_KIND === 'pglite')('a URL job whose address fails at once (needs unshare --net --mount)', () => {
  it('is refused as fetch_failed naming the socket error, and the process lives on', { timeout: 120_000 }, async () => {
    const stdout = await inEmptyNetns('2606:4700:4700::1111 v6only.test\n', [process.execPath, PROBE, 'https://v6only.test/x.pdf']);
    const outcome = JSON.parse(stdout.trim().split('\n').at(-1)!) as { code: string; message: string };
    expect(outcome.code).toBe('fetch_failed');
    expect(outcome.message).toMatch(/Could not connect to the host \((ENETUNREACH|EADDRNOTAVAIL|EHOSTUNREACH)\)/);
  });
});
