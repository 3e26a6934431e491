/**
 * /api/v2/mcp in the full document. The protocol is JSON-RPC 2.0 over MCP
 * Streamable HTTP; its messages are described by the MCP specification, so
 * only the HTTP envelope is documented here.
 */
import { errorRef } from './openapi-components.ts';
import type { PathItem } from './openapi-types.ts';

const KEY_ONLY: Record<string, string[]>[] = [{ ApiKey: [] }];
const RPC = { type: 'object', required: ['jsonrpc'], properties: { jsonrpc: { const: '2.0' } }, additionalProperties: true };

/** The MCP endpoint's path item. */
export function mcpPath(): Record<string, PathItem> {
  return {
    '/api/v2/mcp': {
      post: {
        operationId: 'mcp',
        summary: 'MCP endpoint (JSON-RPC 2.0 over Streamable HTTP)',
        description:
          'Methods initialize, tools/list, tools/call, ping. Tools are named pdf_to_markdown_<operation> and enforce the same scopes, tier limits and ownership as the REST API; every tools/call result carries slot_usage and tier. Errors of a call are JSON-RPC errors in a 200 response.',
        tags: ['mcp'],
        security: KEY_ONLY,
        requestBody: { required: true, content: { 'application/json': { schema: RPC } } },
        responses: {
          '200': {
            description: 'A JSON-RPC response (application/json), or a stream of them (text/event-stream).',
            content: { 'application/json': { schema: RPC }, 'text/event-stream': { schema: { type: 'string' } } },
          },
          '202': { description: 'Accepted: the message was a notification or a response; there is no body.' },
          '401': errorRef(401),
          '429': errorRef(429),
        },
      },
      get: {
        operationId: 'mcp_stream',
        summary: 'MCP server-to-client stream (Streamable HTTP)',
        tags: ['mcp'],
        security: KEY_ONLY,
        responses: {
          '200': { description: 'A text/event-stream of server messages.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          '405': { description: 'The server offers no standalone stream.' },
          '401': errorRef(401),
        },
      },
      delete: {
        operationId: 'mcp_end_session',
        summary: 'End an MCP session (Streamable HTTP)',
        tags: ['mcp'],
        security: KEY_ONLY,
        responses: {
          '200': { description: 'The session ended.' },
          '405': { description: 'The server keeps no sessions.' },
          '401': errorRef(401),
        },
      },
    },
  };
}
