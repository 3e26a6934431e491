/**
 * POST /api/v2/mcp: MCP over stateless Streamable HTTP (JSON responses, no
 * sessions, no SSE). Each request gets a fresh low-level Server and
 * transport, as in the SDK's simpleStatelessStreamableHttp example. Before
 * the SDK sees a byte: Host/Origin (DNS rebinding) and the API key (401 stays
 * HTTP). Everything after is JSON-RPC: each tool call is charged by invoke(),
 * and one over the budget is a JSON-RPC error carrying the request's id in a
 * 200 (spec, Errors §4), with Retry-After and the RateLimit fields on the
 * response and retry_after in the error's data. The body such a caller sends
 * is still read, bounded by the JSON body cap, so that the errors can name
 * the request ids; protocol messages (ping, tools/list) cost nothing and are
 * answered.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Router, type Request, type RequestHandler } from 'express';
import type { Services } from '../core/context.ts';
import type { DomainError } from '../core/errors.ts';
import type { Runtime } from '../core/runtime.ts';
import { transportLimits } from '../core/transport-limits.ts';
import { apiKeyBearer } from '../http/credentials/api-key-bearer.ts';
import { authenticate } from '../http/credentials/authenticate.ts';
import { originCheck } from '../http/origin-check.ts';
import { writeRateHeaders } from '../http/rate-headers.ts';
import { toAuthInfo } from './auth-info.ts';
import { ensureRequestId, mcpHttpErrors, methodNotAllowed } from './http-errors.ts';
import { createMcpServer } from './mcp-server.ts';
import { buildToolRegistry, type ToolRegistry } from './tool-registry.ts';

export const MCP_PATH = '/api/v2/mcp';

export function createMcpRouter(runtime: Runtime): Router {
  const tools = buildToolRegistry();
  const r = Router();
  r.use(MCP_PATH, ensureRequestId);
  r.post(MCP_PATH, originCheck(runtime.config), authenticate(runtime, [apiKeyBearer]), handleMcp(runtime, tools));
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
    const onRateLimited = (e: DomainError) => {
      if (res.headersSent) return;
      if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
      if (e.rate) writeRateHeaders(res, e.rate);
    };
    await transport.handleRequest(Object.assign(req, { auth: toAuthInfo(principal, req.requestId, onRateLimited) }), res, req.body);
  };
}

/** The caller's JSON body cap from core's tier table (the same as REST's). */
function bodyLimit(services: Services, req: Request): number {
  return transportLimits(services.config, req.principal!.tier).jsonBodyBytes;
}
