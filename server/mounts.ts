/**
 * Routes owned by other parts of the service, added by createApp: the MCP
 * endpoint (tools/), the internal tRPC API (rpc/) and the frozen v1 lane
 * (rest/v1/). Tests build apps with any subset of them; the API description
 * always lists them all (server/routes.ts).
 */
import type { RequestHandler } from 'express';
import type { Config } from '../core/config.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Route } from '../http/route.ts';
import { createTrpcMiddleware } from './app-router.ts';
import { mcpRoutes } from './mcp-tools.ts';
import { v1Routes } from '../rest/routes.ts';

/** Factories of what createApp adds; absent ones are skipped. */
export type Mounts = {
  /** POST/GET/DELETE /api/v2/mcp. */
  mcp?: (config: Config) => readonly Route[];
  /** Mounted at /api/internal/trpc. */
  trpc?: (runtime: Runtime) => RequestHandler;
  /** The v1 paths at the root. */
  v1?: (config: Config) => readonly Route[];
};

/** Everything `p2m serve` mounts. */
export const SERVICE_MOUNTS: Mounts = { mcp: mcpRoutes, trpc: createTrpcMiddleware, v1: v1Routes };
