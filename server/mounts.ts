/**
 * Routers owned by other parts of the service, mounted by createApp: the MCP
 * endpoint (tools/), the internal tRPC API (rpc/) and the frozen v1 lane
 * (rest/v1/). Tests build apps with any subset of them.
 */
import type { RequestHandler, Router } from 'express';
import type { Runtime } from '../core/runtime.ts';
import { createTrpcMiddleware } from '../rpc/http-handler.ts';
import { createMcpRouter } from '../tools/http-router.ts';
import { createV1Router } from '../rest/v1/router.ts';

/** Factories of the routers createApp mounts; absent ones are skipped. */
export type Mounts = {
  /** POST/GET/DELETE /api/v2/mcp. */
  mcp?: (runtime: Runtime) => Router;
  /** Mounted at /api/internal/trpc. */
  trpc?: (runtime: Runtime) => RequestHandler;
  /** The v1 paths at the root. */
  v1?: (runtime: Runtime) => Router;
};

/** Everything `p2m serve` mounts. */
export const SERVICE_MOUNTS: Mounts = { mcp: createMcpRouter, trpc: createTrpcMiddleware, v1: createV1Router };
