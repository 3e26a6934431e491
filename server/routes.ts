/**
 * The route records of the whole service: what the API description lists
 * (every REST route, the MCP endpoint and the v1 lane, whatever an app
 * mounts) and what one app serves.
 */
import type { Config } from '../core/config.ts';
import type { Route } from '../http/route.ts';
import { discoveryRoutes } from '../discovery/discovery-router.ts';
import { HEALTH_ROUTES, V2_ROUTES, v1Routes } from '../rest/routes.ts';
import { mcpRoutes } from './mcp-tools.ts';
import type { Mounts } from './mounts.ts';

/** Every documented route, in the description's order. */
export function apiRoutes(config: Config): readonly Route[] {
  return [...V2_ROUTES, ...mcpRoutes(config), ...v1Routes()];
}

/** The routes an app with `mounts` serves: the v2 API, probes, discovery files, and the mounted lanes. */
export function servedRoutes(config: Config, mounts: Mounts): readonly Route[] {
  return [
    ...V2_ROUTES,
    ...HEALTH_ROUTES,
    ...discoveryRoutes(apiRoutes),
    ...(mounts.mcp?.(config) ?? []),
    ...(mounts.v1?.(config) ?? []),
  ];
}
