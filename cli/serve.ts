/**
 * `p2m serve`: the HTTP service (REST v1 and v2, MCP, discovery) and, unless
 * P2M_WORKERS=0, conversion workers in the same process, and (unless
 * P2M_WEBHOOK_CONCURRENCY=0) the webhook dispatcher. On the embedded
 * database it also answers `p2m keys` over a local admin socket, because
 * PGlite allows only one process.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { loadConfig, type Config } from '../core/config.ts';
import { createRuntime } from '../core/runtime.ts';
import { DirLockedError } from '../db/dir-lock.ts';
import { createServiceApp } from '../server/create-app.ts';
import { serveAdminSocket } from '../rpc/admin-socket.ts';
import { createDispatcher } from '../worker/webhooks/dispatcher.ts';
import { createPoolWorkers, startPoolWorkers } from '../worker/pool-workers.ts';
import { nextStepMessage } from './next-step.ts';
import { adminSocketPath } from './paths.ts';
import { checkBlobStore } from '../worker/check-blob-store.ts';

export async function run(): Promise<number> {
  const config = loadConfig();
  const runtime = await createRuntime(config).catch((err: unknown) => {
    if (err instanceof DirLockedError) {
      throw new Error(`another p2m process (pid ${err.pid}) is using ${config.dataDir}; stop it or set P2M_DATA_DIR`);
    }
    throw err;
  });
  const server = await listen(createServiceApp(runtime), config).catch(async (err: unknown) => {
    await runtime.close();
    throw err;
  });
  // P2M_WORKERS=0 with no per-pool counts: an API-only process (every pool entry has concurrency 0).
  const stopWorkers = startPoolWorkers(await createPoolWorkers(runtime, config.workerPools));
  // Webhook deliveries go out from here too: on PGlite this is the only process there is.
  const dispatcher = config.webhooks.concurrency > 0 ? createDispatcher(runtime) : null;
  dispatcher?.start();
  const admin = runtime.database.kind === 'pglite' ? await serveAdminSocket(runtime, adminSocketPath(config)) : null;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  runtime.log.info({ url: `http://${config.host}:${port}`, db: runtime.database.kind, workers: config.workers, blobs: runtime.blobs.describe }, 'p2m serving');
  process.stderr.write(`${nextStepMessage(`http://${config.host}:${port}`, config.oidc !== null)}
`);
  await checkBlobStore(runtime);

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  // Drain: /readyz says so, no new claims, requests and conversions under way get P2M_SHUTDOWN_SECONDS.
  runtime.lifecycle.draining = true;
  runtime.log.info({ seconds: config.ops.shutdownSeconds }, 'p2m stopping');
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = setTimeout(() => server.closeAllConnections(), config.ops.shutdownSeconds * 1000);
  await Promise.all([closed, stopWorkers()]);
  clearTimeout(deadline);
  await dispatcher?.stop();
  await admin?.close();
  await runtime.close();
  return 0;
}

// Not app.listen(): Express 5 passes a listen error to the callback, which
// then looked like success — a second serve on a busy port said "serving"
// and kept running without a socket.
async function listen(app: RequestListener, config: Config): Promise<Server> {
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((err: unknown) => {
    throw new Error(listenFailure(err, config), { cause: err });
  });
  return server;
}

function listenFailure(err: unknown, { host, port }: Config): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return `port ${port} on ${host} is already in use (another p2m serve?); stop it or set PORT`;
  if (code === 'EACCES') return `not allowed to listen on port ${port} on ${host}; choose another PORT`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine; set HOST`;
  return `could not listen on ${host}:${port}: ${err instanceof Error ? err.message : String(err)}`;
}
