import { API_VERSION } from './openapi-document.ts';

/**
 * /.well-known/mcp.json: where the MCP endpoint is and how to authenticate.
 * Only facts the service guarantees are listed; there is no settled standard
 * for this file yet, so it stays small and self-describing.
 */
export function mcpServerCard(origin: string) {
  return {
    name: 'p2m',
    title: 'p2m: PDF to Markdown',
    version: API_VERSION,
    description: 'Converts PDF documents to Markdown through asynchronous jobs.',
    endpoint: `${origin}/api/v2/mcp`,
    transport: 'streamable-http',
    authentication: { type: 'bearer', header: 'Authorization', format: 'Bearer p2m_<API key>', scopes_apply: true },
    tools_prefix: 'pdf_to_markdown_',
    documentation: { llms_txt: `${origin}/llms.txt`, openapi: `${origin}/openapi.json`, openapi_ai: `${origin}/openapi-ai.json` },
  };
}
