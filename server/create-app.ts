/**
 * The composition root: the one HTTP app. Order matters: request id and logging first, then the
 * Host/Origin check for state-changing requests, then the route groups, each
 * with its own authentication and body parser (the v1 lane must see the raw
 * body to check its signature, so there is no global body parser), and last
 * the 404 and the error handler.
 */
import express from 'express';
import type { Runtime } from '../core/runtime.ts';
import { createDiscoveryRouter } from '../discovery/discovery-router.ts';
import { errorHandler } from '../http/error-envelope.ts';
import { inOneLayer } from '../http/in-one-layer.ts';
import { createHealthRouter } from '../rest/health.ts';
import { SERVICE_MOUNTS, type Mounts } from './mounts.ts';
import { notFound } from '../http/not-found.ts';
import { onlyUnder } from '../http/only-under.ts';
import { originCheck } from '../http/origin-check.ts';
import { requestId } from '../http/request-id.ts';
import { requestLog } from '../http/request-log.ts';
import { requestMetrics } from '../http/request-metrics.ts';
import { createMetricsRouter } from './metrics-router.ts';
import { createJobsRouter } from '../rest/v2/jobs.ts';
import { createLimitsRouter } from '../rest/v2/limits.ts';
import { createAccountRouter } from '../rest/v2/account-routes.ts';
import { createApiKeyRouter } from '../rest/v2/api-key-routes.ts';
import { createUploadRouter } from '../rest/v2/upload-routes.ts';
import { createWebhooksRouter } from '../rest/v2/webhooks.ts';
import { createBillingRouter } from '../rest/v2/billing.ts';
import { createSignInRouter } from '../rest/v2/sign-in.ts';
import { createMeRouter } from '../rest/v2/me.ts';
import { createAccountPageRouter } from '../rest/account-page.ts';

/** The HTTP app over a runtime; `mounts` adds the MCP, tRPC and v1 routers (see loadMounts). */
export function createApp(runtime: Runtime, mounts: Mounts = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', runtime.config.trustProxy);
  // The gateway's steps in one layer, and the jobs routes (status polling is most requests) before the
  // rarely called ones: each layer and router a request passes costs it a dispatch (bench/POLLING.md).
  app.use(inOneLayer(requestId(), requestLog(runtime.log), requestMetrics(runtime.metrics.http), originCheck(runtime.config)));
  // Before the jobs router, whose API-key guard covers all of /api/v2/jobs: the two upload routes are
  // device-signed and ticketed. Entered only by their paths, so polls pass it by.
  app.use(onlyUnder('/api/v2/jobs/upload', createUploadRouter(runtime)));
  app.use(createJobsRouter(runtime), createLimitsRouter(runtime));
  app.use(createAccountRouter(runtime), createApiKeyRouter(runtime));
  app.use(createHealthRouter(runtime), createMetricsRouter(runtime.config.ops, runtime.metrics), createDiscoveryRouter(runtime));
  app.use(createWebhooksRouter(runtime));
  app.use(createBillingRouter(runtime));
  app.use(createSignInRouter(runtime), createMeRouter(runtime), createAccountPageRouter(runtime));
  if (mounts.mcp) app.use(mounts.mcp(runtime));
  if (mounts.trpc) app.use('/api/internal/trpc', mounts.trpc(runtime));
  if (mounts.v1) app.use(mounts.v1(runtime));
  app.use(notFound(), errorHandler(runtime.log));
  return app;
}

/** The app with every mount: what `serve` runs. */
export function createServiceApp(runtime: Runtime): express.Express {
  return createApp(runtime, SERVICE_MOUNTS);
}
