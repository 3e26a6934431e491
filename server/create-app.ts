/**
 * The composition root: the one HTTP app. Order matters: request id and
 * logging first, then the Host/Origin check for state-changing requests,
 * then every route record (server/routes.ts) in one layer, each with its own
 * authentication and body reader (the v1 lane must see the raw body to check
 * its signature, so there is no global body parser), then the tRPC mount,
 * and last the 404 and the error handler.
 */
import express from 'express';
import type { Runtime } from '../core/runtime.ts';
import { errorHandler } from '../http/error-envelope.ts';
import { inOneLayer } from '../http/in-one-layer.ts';
import { notFound } from '../http/not-found.ts';
import { originCheck } from '../http/origin-check.ts';
import { LINK_CONFIRM_PATH } from '../http/html/link-confirm-page.ts';
import { requestId } from '../http/request-id.ts';
import { requestLog } from '../http/request-log.ts';
import { requestMetrics } from '../http/request-metrics.ts';
import { dispatchRoutes } from '../http/route-dispatch.ts';
import { SERVICE_MOUNTS, type Mounts } from './mounts.ts';
import { servedRoutes } from './routes.ts';

/** The HTTP app over a runtime; `mounts` adds the MCP, tRPC and v1 routes (see mounts.ts). */
export function createApp(runtime: Runtime, mounts: Mounts = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', runtime.config.trustProxy);
  // The gateway's steps in one layer and every route in one more: each layer a request passes costs it a
  // dispatch (bench/POLLING.md).
  app.use(inOneLayer(requestId(), requestLog(runtime.log), requestMetrics(runtime.metrics.http), originCheck(runtime.config, [LINK_CONFIRM_PATH])));
  app.use(dispatchRoutes(runtime, servedRoutes(runtime.config, mounts)));
  if (mounts.trpc) app.use('/api/internal/trpc', mounts.trpc(runtime));
  app.use(notFound(), errorHandler(runtime.log, runtime.config.refusedBodyDrain));
  return app;
}

/** The app with every mount: what `serve` runs. */
export function createServiceApp(runtime: Runtime): express.Express {
  return createApp(runtime, SERVICE_MOUNTS);
}
