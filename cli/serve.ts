/**
 * `p2m serve`: the HTTP service (REST v1 and v2, MCP, discovery) and, unless
 * P2M_WORKERS=0, conversion workers in the same process. On the embedded
 * database it also answers `p2m keys` over a local admin socket, because
 * PGlite allows only one process.
 */
import type { Server } from 'node:http';
import { loadConfig } from '../core/config.ts';
import { createRuntime } from '../core/runtime.ts';
import { DirLockedError } from '../db/dir-lock.ts';
import { createServiceApp } from '../server/create-app.ts';
import { serveAdminSocket } from '../rpc/admin-socket.ts';
import { createWorker } from '../worker/worker.ts';
import { adminSocketPath } from './paths.ts';

export async function run(): Promise<number> {
  const config = loadConfig();
  const runtime = await createRuntime(config).catch((err: unknown) => {
    if (err instanceof DirLockedError) {
      throw new Error(`another p2m process (pid ${err.pid}) is using ${config.dataDir}; stop it or set P2M_DATA_DIR`);
    }
    throw err;
  });
  const app = createServiceApp(runtime);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s)).once('error', reject);
  });
  const worker = config.workers > 0 ? createWorker(runtime, { concurrency: config.workers, pools: config.workerPools }) : null;
  worker?.start();
  const admin = runtime.database.kind === 'pglite' ? await serveAdminSocket(runtime, adminSocketPath(config)) : null;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  runtime.log.info({ url: `http://${config.host}:${port}`, db: runtime.database.kind, workers: config.workers }, 'p2m serving');

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  runtime.log.info('p2m stopping');
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await closed;
  await worker?.stop();
  await admin?.close();
  await runtime.close();
  return 0;
}
