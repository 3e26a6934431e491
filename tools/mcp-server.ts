import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Services } from '../core/context.ts';
import { callTool } from './call-tool.ts';
import type { ToolRegistry } from './tool-registry.ts';

export const SERVER_INFO = { name: 'p2m', title: 'p2m: PDF to Markdown', version: '0.1.0' };

const INSTRUCTIONS =
  'Convert PDFs to Markdown: create a job (from a link or base64 upload), poll get_job until status is ready, ' +
  'then get_markdown. Every result carries slot_usage and tier; delete finished jobs to free slots.';

/**
 * A low-level MCP Server over the tool registry. Built per HTTP request
 * (stateless Streamable HTTP); initialize and ping are answered by the SDK.
 */
export function createMcpServer(services: Services, tools: ToolRegistry): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.list }));
  server.setRequestHandler(CallToolRequestSchema, (req, extra) =>
    callTool(services, tools.byName.get(req.params.name), req.params, extra.authInfo, extra.signal),
  );
  return server;
}
