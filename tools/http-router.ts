/**
 * POST /api/v2/mcp: MCP over stateless Streamable HTTP (JSON responses, no
 * sessions, no SSE). Each request gets a fresh low-level Server and
 * transport, as in the SDK's simpleStatelessStreamableHttp example. Before
 * the SDK sees a byte: Host/Origin (DNS rebinding), API key, and a caller
 * already out of budget is refused. Each tool call is charged by invoke().
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Router, type Request, type RequestHandler } from 'express';
import type { Services } from '../core/context.ts';
import type { Runtime } from '../core/runtime.ts';
import { transportLimits } from '../core/transport-limits.ts';
import { apiKeyBearer } from '../http/credentials/api-key-bearer.ts';
import { authenticate } from '../http/credentials/authenticate.ts';
import { originCheck } from '../http/origin-check.ts';
import { rateGate } from '../http/rate-gate.ts';
import { toAuthInfo } from './auth-info.ts';
import { ensureRequestId, mcpHttpErrors, methodNotAllowed } from './http-errors.ts';
import { createMcpServer } from './mcp-server.ts';
import { buildToolRegistry, type ToolRegistry } from './tool-registry.ts';

export const MCP_PATH = '/api/v2/mcp';

export function createMcpRouter(runtime: Runtime): Router {
  const tools = buildToolRegistry();
  const r = Router();
  r.use(MCP_PATH, ensureRequestId);
  r.post(MCP_PATH, originCheck(runtime.config), authenticate(runtime, [apiKeyBearer]), rateGate(runtime), handleMcp(runtime, tools));
  r.get(MCP_PATH, methodNotAllowed);
  r.delete(MCP_PATH, methodNotAllowed);
  r.use(MCP_PATH, mcpHttpErrors(runtime.log));
  return r;
}

function handleMcp(services: Services, tools: ToolRegistry): RequestHandler {
  return async (req, res) => {
    const principal = req.principal;
    if (!principal) throw new Error('handleMcp() needs authenticate() before it');
    const server = createMcpServer(services, tools);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: bodyLimit(services, req),
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // A body parsed upstream (an app-wide parser) is passed on; otherwise the transport reads it under the limit.
    await transport.handleRequest(Object.assign(req, { auth: toAuthInfo(principal, req.requestId) }), res, req.body);
  };
}

/** The caller's JSON body cap from core's tier table (the same as REST's). */
function bodyLimit(services: Services, req: Request): number {
  return transportLimits(services.config, req.principal!.tier).jsonBodyBytes;
}
