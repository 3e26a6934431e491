/**
 * The MCP endpoint, offering the tools the v2 route records declare
 * (rest/define-route.ts `mcp`): adding a route record with `mcp` adds its
 * tool; nothing lists tools here or in tools/.
 */
import type { Config } from '../core/config.ts';
import { mcpBindingsOf } from '../http/mcp-binding.ts';
import type { Route } from '../http/route.ts';
import { V2_ROUTES } from '../rest/routes.ts';
import { mcpEndpointRoutes } from '../tools/http-router.ts';
import { buildToolRegistry, type ToolRegistry } from '../tools/tool-registry.ts';

/** The tools the v2 route records declare, in the records' order. */
export const MCP_BINDINGS = mcpBindingsOf(V2_ROUTES);

/** The MCP endpoint's route records (POST /api/v2/mcp, and GET and DELETE answering 405). */
export const mcpRoutes = (config: Pick<Config, 'tiers'>): readonly Route[] => mcpEndpointRoutes(config, MCP_BINDINGS);

/** The tools as tools/list lists them (and how each is called). */
export const mcpToolRegistry = (): ToolRegistry => buildToolRegistry(MCP_BINDINGS);
