/**
 * Every operation in core/operations.ts is offered by every transport: an MCP
 * tool, a tRPC procedure, and a REST route (REST_ROUTES against the routes
 * the app really has). A new operation without all three fails here.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { JOB_OPERATIONS } from '../../../core/operations.ts';
import { routeTable } from '../../../discovery/route-table.ts';
import { createApp } from '../../../server/create-app.ts';
import { RPC_PROCEDURES, appRouter } from '../../../rpc/router.ts';
import { createTrpcMiddleware } from '../../../rpc/http-handler.ts';
import { createMcpRouter } from '../../../tools/http-router.ts';
import { buildToolRegistry } from '../../../tools/tool-registry.ts';
import { testEnv } from '../../support/test-env.ts';
import { REST_ROUTES } from './transports.ts';

const OPS = JOB_OPERATIONS.map((op) => op.name);

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** "METHOD /path" of every route of an Express 5 app (routers mounted at the root). */
function routesOf(stack: Layer[]): Set<string> {
  const out = new Set<string>();
  for (const layer of stack) {
    if (layer.route) for (const m of Object.keys(layer.route.methods)) out.add(`${m.toUpperCase()} ${layer.route.path}`);
    if (layer.handle?.stack) for (const r of routesOf(layer.handle.stack)) out.add(r);
  }
  return out;
}

describe('transport coverage of JOB_OPERATIONS', () => {
  it('MCP has a tool per operation', () => {
    const names = buildToolRegistry().list.map((t) => t.name);
    expect(names.sort()).toEqual(OPS.map((op) => `pdf_to_markdown_${op}`).sort());
  });

  it('tRPC has a procedure per operation', () => {
    const procedures = Object.keys(appRouter._def.procedures as unknown as Record<string, unknown>);
    for (const op of OPS) {
      const path = (RPC_PROCEDURES as Record<string, string>)[op];
      expect(path, `RPC_PROCEDURES has no ${op}`).toBeDefined();
      expect(procedures, op).toContain(path);
    }
    expect(Object.keys(RPC_PROCEDURES).sort()).toEqual([...OPS].sort());
  });

  it('REST has a route per operation', async () => {
    await using env = await testEnv();
    const app = createApp(env.runtime, { mcp: createMcpRouter, trpc: createTrpcMiddleware });
    const routes = routesOf((app as unknown as { router: { stack: Layer[] } }).router.stack);
    for (const op of OPS) {
      const route = REST_ROUTES[op];
      expect(route, `REST_ROUTES has no ${op}`).toBeDefined();
      expect(routes, op).toContain(`${route!.method} ${route!.path}`);
    }
    expect(routes).toContain('POST /api/v2/mcp');
  });

  it('the REST route table runs every operation on a v2 route, the route the parity clients call', () => {
    const v2 = routeTable(loadConfig({})).filter((r) => r.path.startsWith('/api/v2/') && r.tag !== 'mcp');
    for (const op of OPS) {
      const rows = v2.filter((r) => r.operations.some((o) => o.name === op));
      expect(rows.map((r) => `${r.method.toUpperCase()} ${r.path.replace('{jobId}', ':id')}`), op).toEqual([
        `${REST_ROUTES[op]!.method} ${REST_ROUTES[op]!.path}`,
      ]);
    }
  });
});
