/**
 * The small HTTP listener of a `p2m worker` process (P2M_WORKER_PORT): the
 * same /healthz, /readyz and /metrics as `p2m serve`, so an orchestrator
 * probes and scrapes workers like API processes. No API routes.
 */
import { createServer } from 'node:http';
import express from 'express';
import type { Runtime } from '../core/runtime.ts';
import { dispatchRoutes } from '../http/route-dispatch.ts';
import { HEALTH_ROUTES } from '../rest/health.ts';

/** Listens when P2M_WORKER_PORT is set; the returned close() stops it. */
export async function serveOps(runtime: Runtime): Promise<{ close(): Promise<void> }> {
  const port = runtime.config.ops.workerPort;
  if (port === undefined) return { close: async () => undefined };
  const app = express();
  app.disable('x-powered-by');
  app.use(dispatchRoutes(runtime, HEALTH_ROUTES));
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, runtime.config.host, () => resolve());
  });
  runtime.log.info({ url: `http://${runtime.config.host}:${port}` }, 'worker ops listener');
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
