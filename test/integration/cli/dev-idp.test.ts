/**
 * `p2m dev-idp` as a person uses it: start it, take the variables it prints,
 * start the service with them, sign in, stop it with a signal.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/create-app.ts';
import { FetchBrowser } from '../../support/sign-in-stack.ts';
import { fileEnv } from '../../support/test-env.ts';

const CLI = join(import.meta.dirname, '../../../cli/p2m.ts');

describe('p2m dev-idp', () => {
  it('prints the variables for p2m serve, and signing in with them works', { timeout: 120_000 }, async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const child = spawn(process.execPath, [CLI, 'dev-idp', '--port', '0', '--origins', base], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let out = '';
      const vars = await new Promise<Record<string, string>>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = /^ {2}(P2M_OIDC_ISSUER=.*) p2m serve$/m.exec(out)?.[1];
          if (line) resolve(Object.fromEntries(line.split(' ').map((kv) => kv.split('=') as [string, string])));
        });
        child.once('exit', () => reject(new Error(`dev-idp exited: ${out}`)));
      });
      expect(vars.P2M_OIDC_ISSUER).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(vars.P2M_OIDC_CLIENT_ID).toBe('p2m-dev');
      expect(out).toContain(`${base}/account`);

      await using env = await fileEnv({ ...vars, P2M_PUBLIC_ORIGINS: base });
      server.on('request', createApp(env.runtime));
      const browser = new FetchBrowser(base);
      const page = await browser.signIn('person@example.org');
      expect(page.status).toBe(200);
      expect(await (await browser.get('/api/v2/me')).json()).toMatchObject({ email: 'person@example.org' });
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      server.closeAllConnections();
      server.close();
    }
  });
});
