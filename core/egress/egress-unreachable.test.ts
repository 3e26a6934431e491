import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PROBE = join(import.meta.dirname, '../../test/support/fetch-in-empty-netns.ts');

// A fresh network namespace has no route anywhere, so a connect fails inside
// the connect() call itself. Needs root (or user namespaces); reported as
// skipped with this reason where neither is available.
const canUnshare = spawnSync('unshare', ['--net', 'true']).status === 0;

const fetchInEmptyNetns = async (url: string, address: string, family: 4 | 6) => {
  const { stdout } = await run('unshare', ['--net', process.execPath, PROBE, url, address, String(family)]);
  return JSON.parse(stdout) as { code: string; message: string };
};

// Public addresses handed out by a stub resolver; inside the empty namespace nothing is sent.
describe.skipIf(!canUnshare)('an address that fails at once (empty network namespace: needs unshare --net)', () => {
  it.each([
    ['https', 'https://v6only.test/x.pdf', '2606:4700:4700::1111', 6],
    ['http', 'http://v6only.test/x.pdf', '2606:4700:4700::1111', 6],
    ['https over IPv4', 'https://v4only.test/x.pdf', '1.1.1.1', 4],
  ] as const)('%s: is connect_failed with the socket error, and the process lives on', async (_, url, address, family) => {
    const outcome = await fetchInEmptyNetns(url, address, family);
    expect(outcome.code).toBe('connect_failed');
    expect(outcome.message).toMatch(/\((ENETUNREACH|EADDRNOTAVAIL|EHOSTUNREACH)\)/);
  });
});
