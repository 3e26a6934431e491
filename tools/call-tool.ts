import type { CallToolResult, CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Services } from '../core/context.ts';
import { DomainError, isDomainError } from '../core/errors.ts';
import { fromAuthInfo } from './auth-info.ts';
import { toMcpError } from './json-rpc-codes.ts';
import type { ToolSpec } from './tool-spec.ts';

/**
 * tools/call: runs the tool's operation for the authenticated caller. Domain
 * errors are thrown as McpError so the low-level Server answers with a
 * JSON-RPC error (McpServer would turn them into isError results instead).
 */
export async function callTool(
  services: Services,
  spec: ToolSpec | undefined,
  params: CallToolRequest['params'],
  authInfo: AuthInfo | undefined,
  signal?: AbortSignal,
): Promise<CallToolResult> {
  if (!spec) throw toMcpError(new DomainError('bad_input', `Unknown tool: ${params.name}`));
  const caller = fromAuthInfo(authInfo);
  if (!caller) throw toMcpError(new DomainError('unauthenticated', 'This request carries no authenticated caller.'));
  const log = services.log.child({ request_id: caller.requestId, tool: params.name });
  // The MCP request's signal aborts when the client cancels or its HTTP request closes (the server is closed with it): a wait stops.
  const ctx = { ...services, log, principal: caller.principal, requestId: caller.requestId, ...(signal ? { abortSignal: () => signal } : {}) };
  try {
    return await spec.call(ctx, params.arguments ?? {});
  } catch (err) {
    if (isDomainError(err)) {
      if (err.code === 'rate_limited') caller.onRateLimited?.(err);
      throw toMcpError(err);
    }
    log.error({ err }, 'tool failed');
    throw toMcpError(new DomainError('internal', 'Internal error.'));
  }
}
