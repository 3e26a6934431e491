/**
 * /api/v2/mcp. The protocol is JSON-RPC 2.0 over MCP Streamable HTTP, whose
 * messages the MCP specification describes, so only the HTTP envelope is
 * documented. The endpoint is stateless: POST only; GET (a standalone
 * stream) and DELETE (ending a session) answer 405.
 */
import { z } from 'zod';
import type { Config } from '../core/config.ts';
import { ERROR_HEADERS, ErrorEnvelope } from './openapi-components.ts';
import type { RouteSpec } from './route-spec.ts';

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

const stateless = (method: 'get' | 'delete', operationId: string, summary: string): RouteSpec => ({
  method, path: '/api/v2/mcp', operations: [], operationId, summary, tag: 'mcp', auth: 'none', success: 405, ok: notAllowed, errors: [],
});

/** The MCP rows of the route table; the body cap depends on the tiers in `config`. */
export function mcpRoutes(config: Pick<Config, 'tiers'>): readonly RouteSpec[] {
  const freeCap = config.tiers.free.jsonBodyBytes;
  return [
    {
      method: 'post', path: '/api/v2/mcp', operations: [], operationId: 'mcp', summary: 'MCP endpoint (JSON-RPC 2.0 over Streamable HTTP)',
      description:
        `Methods initialize, tools/list, tools/call, ping. Tools are named pdf_to_markdown_<operation> and enforce the same scopes, tier limits and ownership as the REST API; every tools/call result carries slot_usage and tier. Errors of a call are JSON-RPC errors in a 200 response carrying the request's id, the rate limit included: a tool call over the budget is error data.code rate_limited with data.retry_after, and the response carries Retry-After and the RateLimit fields. Only a missing or invalid key (401), a refused Origin (403) and an oversized body (413) are HTTP errors. A request body may hold a base64 upload of the tier's largest PDF: at most ${freeCap} bytes on the free tier (the base64 size of its largest PDF plus 64 KiB); more answers 413.`,
      tag: 'mcp', auth: 'ApiKey', success: 200,
      ok: { description: 'A JSON-RPC response.', content: { 'application/json': { schema: Rpc } } },
      alsoOk: { 202: { description: 'Accepted: the message was a notification or a response; there is no body.' } },
      errors: [401, 403, 413],
      errorResponse: rpcErrorResponse,
      request: { requestBody: { required: true, content: { 'application/json': { schema: Rpc } } } },
    },
    stateless('get', 'mcp_stream', 'No server-to-client stream (405)'),
    stateless('delete', 'mcp_end_session', 'No session to end (405)'),
  ];
}
