/**
 * DomainError → JSON-RPC error, for the MCP endpoint. Input errors use the
 * standard InvalidParams; the rest use the implementation-defined server
 * range -32000..-32099, one code per HTTP status family and clear of the
 * SDK's own -32000, -32001 and -32042. Clients should branch on data.code
 * (the domain code, as in REST error bodies); data.status is its HTTP status.
 */
import { ErrorCode as RpcCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { STATUS, type DomainError, type ErrorCode } from '../core/errors.ts';

export const JSONRPC_CODE: Record<ErrorCode, number> = {
  bad_input: RpcCode.InvalidParams,
  not_a_pdf: RpcCode.InvalidParams,
  fetch_failed: RpcCode.InvalidParams,
  unauthenticated: -32011,
  forbidden: -32013,
  api_key_required: -32013,
  insufficient_scope: -32013,
  device_blocked: -32013,
  not_linked: -32013,
  limit_reached: -32013,
  not_in_plan: -32013,
  not_found: -32014,
  slots_full: -32019,
  not_ready: -32019,
  replay: -32019,
  gone: -32020,
  too_large: -32023,
  idempotency_mismatch: -32032,
  rate_limited: -32039,
  internal: RpcCode.InternalError,
  not_configured: -32063,
  plan_required: -32013,
  already_subscribed: -32019,
  billing_unavailable: -32062,
  billing_not_configured: -32063,
  idp_error: -32062,
  idp_unavailable: -32063,
  ticket_used: -32019,
  unsupported_media_type: -32025,
  method_not_allowed: -32015,
};

/** What the `data` member of every p2m JSON-RPC error holds. */
export type RpcErrorData = { code: ErrorCode; status: number; retry_after?: number };

export function rpcErrorData(e: DomainError): RpcErrorData {
  const data: RpcErrorData = { code: e.code, status: STATUS[e.code] };
  if (e.retryAfter !== undefined) data.retry_after = e.retryAfter;
  return data;
}

/** The McpError a tools/call handler throws, so the SDK answers with a JSON-RPC error in a 200. */
export function toMcpError(e: DomainError): McpError {
  const err = new McpError(JSONRPC_CODE[e.code], e.message, rpcErrorData(e));
  // McpError prefixes "MCP error <code>: "; the JSON-RPC message is the domain message alone.
  err.message = e.message;
  return err;
}
