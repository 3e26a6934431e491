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
import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import type { Services } from '../core/context.ts';
import type { DomainError } from '../core/errors.ts';
import type { Runtime } from '../core/runtime.ts';
import { transportLimits } from '../core/transport-limits.ts';
import { apiKeyBearer } from '../http/credentials/api-key-bearer.ts';
import { authenticate } from '../http/credentials/authenticate.ts';
import { ERROR_HEADERS, ErrorEnvelope } from '../http/openapi-components.ts';
import { originCheck } from '../http/origin-check.ts';
import type { McpBinding } from '../http/mcp-binding.ts';
import type { Route } from '../http/route.ts';
import type { Config } from '../core/config.ts';
import { writeRateHeaders } from '../http/rate-headers.ts';
import { toAuthInfo } from './auth-info.ts';
import { ensureRequestId, mcpHttpErrors, methodNotAllowed } from './http-errors.ts';
import { createMcpServer } from './mcp-server.ts';
import { buildToolRegistry, type ToolRegistry } from './tool-registry.ts';

export const MCP_PATH = '/api/v2/mcp';

const Rpc = z.looseObject({ jsonrpc: z.literal('2.0') });
const RpcError = z.object({
  jsonrpc: z.literal('2.0'),
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    data: z.object({ code: ErrorEnvelope.shape.error.shape.code, status: z.number().int(), retry_after: z.number().int().optional() }).optional(),
  }),
  id: z.null(),
});

// Failures before any message is read keep their HTTP status, with a JSON-RPC error body (id null) MCP clients can read.
const rpcErrorResponse = (status: number) => ({
  description: `A JSON-RPC error with id null; error.data.code is the domain code, as in REST error bodies.`,
  content: { 'application/json': { schema: RpcError } },
  ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
});

const notAllowed = {
  description: 'This MCP endpoint is stateless: there is no standalone stream and no session to end. Allow: POST.',
  headers: z.object({ Allow: z.literal('POST') }),
  content: { 'application/json': { schema: RpcError } },
};

/**
 * The MCP route records: POST runs the protocol, offering the tools the REST
 * route records declare (`tools`, handed over by server/mcp-tools.ts); GET
 * and DELETE answer 405. Their failures before the SDK (Host/Origin,
 * authentication, body size) are JSON-RPC errors with their HTTP status. The
 * stated body cap depends on the tiers in `config`.
 */
export function mcpEndpointRoutes(config: Pick<Config, 'tiers'>, tools: readonly McpBinding[]): readonly Route[] {
  const freeCap = config.tiers.free.jsonBodyBytes;
  const failures = (runtime: Runtime) => mcpHttpErrors(runtime.log, runtime.config.refusedBodyDrain);
  const stateless = (method: 'get' | 'delete', operationId: string, summary: string): Route => ({
    method, path: MCP_PATH, auth: 'none', operations: [], failures,
    handlers: () => [ensureRequestId, methodNotAllowed],
    doc: { operationId, summary, tag: 'mcp', success: 405, ok: notAllowed, errors: [] },
  });
  return [
    {
      method: 'post', path: MCP_PATH, auth: 'ApiKey', operations: [], failures,
      handlers: (runtime) => [
        ensureRequestId,
        originCheck(runtime.config),
        authenticate(runtime, [apiKeyBearer]),
        handleMcp(runtime, buildToolRegistry(tools)),
      ],
      doc: {
        operationId: 'mcp', summary: 'MCP endpoint (JSON-RPC 2.0 over Streamable HTTP)',
        description:
          `Methods initialize, tools/list, tools/call, ping. Tools are named pdf_to_markdown_<operation> and enforce the same scopes, tier limits and ownership as the REST API; every tools/call result carries slot_usage and tier. Errors of a call are JSON-RPC errors in a 200 response carrying the request's id, the rate limit included: a tool call over the budget is error data.code rate_limited with data.retry_after, and the response carries Retry-After and the RateLimit fields. Only a missing or invalid key (401), a refused Origin (403) and an oversized body (413) are HTTP errors. A request body may hold a base64 upload of the tier's largest PDF: at most ${freeCap} bytes on the free tier (the base64 size of its largest PDF plus 64 KiB); more answers 413.`,
        tag: 'mcp', success: 200,
        ok: { description: 'A JSON-RPC response.', content: { 'application/json': { schema: Rpc } } },
        alsoOk: { 202: { description: 'Accepted: the message was a notification or a response; there is no body.' } },
        errors: [401, 403, 413],
        errorResponse: rpcErrorResponse,
        request: { requestBody: { required: true, content: { 'application/json': { schema: Rpc } } } },
      },
    },
    stateless('get', 'mcp_stream', 'No server-to-client stream (405)'),
    stateless('delete', 'mcp_end_session', 'No session to end (405)'),
  ];
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
