/**
 * Documentation that tells the truth: /llms.txt lists every MCP tool the
 * server has (from the same table), and explains the two signatures of a
 * rotation overlap; the README names the probes the service serves.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from '../../../server/create-app.ts';
import { fileEnv } from '../../support/test-env.ts';

describe('truthful docs', () => {
  it('llms.txt lists exactly the tools of tools/list; README names /healthz and /readyz, which answer', async () => {
    await using env = await fileEnv();
    const server = createServer(createServiceApp(env.runtime));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const user = await env.user();
      const listed = await fetch(`${base}/api/v2/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      const names = ((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
      expect(names).toHaveLength(8);
      const llms = await (await fetch(`${base}/llms.txt`)).text();
      const inLlms = [...llms.matchAll(/^ {2}- (pdf_to_markdown_\w+):/gm)].map((m) => m[1]);
      expect(inLlms.sort()).toEqual([...names].sort());
      expect(llms).toContain(`The ${names.length} tools`);
      expect(llms).toMatch(/two comma-separated values/);

      const readme = await readFile(join(import.meta.dirname, '../../../README.md'), 'utf8');
      expect(readme).not.toMatch(/`\/health`/);
      for (const probe of ['/healthz', '/readyz']) {
        expect(readme).toContain(`\`GET ${probe}\``);
        expect((await fetch(base + probe)).status).toBe(200);
      }
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
