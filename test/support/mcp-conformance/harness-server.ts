/**
 * The MCP endpoint on localhost for the conformance suite: a fresh in-memory
 * database and one pro-tier API key (so the suite stays under the rate
 * limit). The suite's client cannot send credentials, so the harness adds
 * the key to requests that carry none, like a configured MCP client would;
 * everything after that is the real router. The public origins are the
 * harness's own localhost address, so the DNS-rebinding scenario sees a
 * correctly configured server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { pino } from 'pino';
import { ensureAccount } from '../../../core/accounts/ensure-account.ts';
import { loadConfig } from '../../../core/config.ts';
import { issueApiKey } from '../../../core/keys/issue-api-key.ts';
import { createRuntime } from '../../../core/runtime.ts';
import { openDatabase } from '../../../db/database.ts';
import { dispatchRoutes } from '../../../http/route-dispatch.ts';
import { MCP_PATH } from '../../../tools/http-router.ts';
import { mcpRoutes } from '../../../server/mcp-tools.ts';

export type HarnessServer = AsyncDisposable & { url: string };

export async function startHarnessServer(): Promise<HarnessServer> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const dataDir = await mkdtemp(join(tmpdir(), 'p2m-conformance-'));
  const config = loadConfig({
    P2M_DATA_DIR: dataDir,
    P2M_LOG_LEVEL: 'silent',
    P2M_PUBLIC_ORIGINS: `http://localhost:${port},http://127.0.0.1:${port}`,
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const runtime = await createRuntime(config, { database, log: pino({ level: 'silent' }) });
  const account = await ensureAccount(runtime.db, 'conformance@localhost', 'pro');
  const { secret } = await issueApiKey(runtime.db, config.tiers, { accountId: account.id, name: 'conformance' });

  const app = express();
  app.use((req, _res, next) => {
    req.headers.authorization ??= `Bearer ${secret}`;
    next();
  });
  app.use(dispatchRoutes(runtime, mcpRoutes(runtime.config)));
  server.on('request', app);
  return {
    url: `http://localhost:${port}${MCP_PATH}`,
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
